namespace RpcCompare.LoadClient.Scenarios;

/// <summary>Every scenario by its command-line name, in the order `--scenario all` runs them.</summary>
public static class ScenarioCatalog
{
    public static IReadOnlyList<string> Names { get; } =
        ["base-case", "worst-case", "search", "bulk-transfer", "ping", "write", "n-plus-one", "payload-sweep", OverloadScenario.ScenarioName];

    public static Scenario Create(string name) => name switch
    {
        "base-case" => new BaseCaseScenario(),
        "worst-case" => new WorstCaseScenario(),
        "search" => new SearchScenario(),
        "bulk-transfer" => new BulkTransferScenario(),
        "ping" => new PingScenario(),
        "write" => new WriteScenario(),
        "n-plus-one" => new NPlusOneScenario(),
        "payload-sweep" => new PayloadSweepScenario(),
        OverloadScenario.ScenarioName => new OverloadScenario(),
        _ => throw new UserFacingException(
            $"Unknown scenario '{name}'; choose one of {string.Join(", ", Names)} or all."),
    };
}
