using RpcCompare.Data.Generation;
using RpcCompare.LoadClient.Runs;

namespace RpcCompare.UnitTests.Support;

/// <summary>The settings of a run built in memory: the tiny dataset, a 3 s warm-up, 7 s request and 9 s start timeouts, a pool
/// of 12 and no options recorded; each test changes what it tests with <c>with</c>.</summary>
internal static class TestRunSettings
{
    public static RunSettings Create(string scenario, params string[] stacks) => new()
    {
        Scenario = scenario,
        Stacks = stacks,
        Warmup = TimeSpan.FromSeconds(3),
        Dataset = DatasetSpec.Tiny,
        Targets = new Dictionary<string, string>(),
        OutputFolder = "out",
        RequestTimeout = TimeSpan.FromSeconds(7),
        StartTimeout = TimeSpan.FromSeconds(9),
        DbPoolSize = 12,
        OptionsForManifest = new Dictionary<string, string>(),
    };
}
