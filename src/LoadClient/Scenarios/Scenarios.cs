namespace RpcCompare.LoadClient.Scenarios;

/// <summary>Every scenario by its command-line name, in the order `--scenario all` runs them.</summary>
public static class ScenarioCatalog
{
    public static IReadOnlyList<string> Names { get; } =
        ["base-case", "worst-case", "search", "bulk-transfer", "ping", "write", "n-plus-one", "payload-sweep", OverloadScenario.ScenarioName];

    /// <summary>The scenarios that put a host through a bad day (<see cref="RestartScenario"/>): each runs by a loop of its
    /// own, not as replayed variants, so a mix cannot hold one. `--scenario all` runs them after <see cref="Names"/>.</summary>
    public static IReadOnlyList<string> Drills { get; } = [RestartScenario.ScenarioName];

    /// <summary>What `--scenario all` runs: every scenario, but a drill that must own its host when some stack is a --target.</summary>
    public static IReadOnlyList<string> All(bool anyTarget) => [.. Names, .. Drills.Where(d => !anyTarget || !OwnsHost(d))];

    /// <summary>Whether the scenario stops and starts its hosts itself, so it cannot run against a --target.</summary>
    public static bool OwnsHost(string name) => name == RestartScenario.ScenarioName;

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
        RestartScenario.ScenarioName => new RestartScenario(),
        OverloadScenario.ScenarioName => new OverloadScenario(),
        _ => throw new UserFacingException(
            $"Unknown scenario '{name}'; choose one of {string.Join(", ", Names.Concat(Drills))} or all."),
    };
}
