using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Merging;
using RpcCompare.Reports.Results;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Merging;

public class MergeRefusalTests
{
    private const string SamePlan = "merge needs load clients that ran the same plan against the same hosts.";

    [Fact]
    public async Task AnotherScenarioIsRefused() =>
        Assert.Equal($"a and b differ in scenario (base-case against ping); {SamePlan}", await RefusalAsync(new ClientRun { Scenario = "ping" }));

    [Fact]
    public async Task AnotherDatasetIsRefused() =>
        Assert.Equal($"a and b differ in dataset fingerprint (tiny-7f3a against tiny-0000); {SamePlan}",
            await RefusalAsync(new ClientRun { Fingerprint = "tiny-0000" }));

    [Fact]
    public async Task OtherStacksAreRefused() =>
        Assert.Equal($"a and b differ in stacks (grpc, rest against grpc); {SamePlan}", await RefusalAsync(new ClientRun { Stacks = ["grpc"] }));

    [Fact]
    public async Task AnotherToolVersionIsRefused() =>
        Assert.Equal($"a and b differ in tool version (0.1.0 against 0.2.0); {SamePlan}", await RefusalAsync(new ClientRun { ToolVersion = "0.2.0" }));

    [Fact]
    public async Task OtherHostAddressesAreRefused() =>
        Assert.Equal(
            "a and b differ in host addresses (grpc=http://10.0.0.5:7001, rest=http://10.0.0.5:7002 against " +
            $"grpc=http://10.0.0.6:7001, rest=http://10.0.0.6:7002); {SamePlan}",
            await RefusalAsync(new ClientRun { HostAddress = "http://10.0.0.6" }));

    [Fact]
    public async Task AnotherHostImplementationIsRefused() =>
        Assert.StartsWith("a and b differ in host implementations (grpc=not reported, rest=not reported against grpc=Grpc.AspNetCore 2.86.0",
            await RefusalAsync(new ClientRun { Implementation = "Grpc.AspNetCore 2.86.0" }));

    [Fact]
    public async Task AnotherTrialCountIsRefused() =>
        Assert.Equal($"a and b differ in trial count (2 against 3); {SamePlan}", await RefusalAsync(new ClientRun { Trials = 3 }));

    [Fact]
    public async Task OtherTrialOrdersAreRefused() =>
        Assert.Equal($"a and b differ in trial orders (1: rest, grpc; 2: grpc, rest against 1: grpc, rest; 2: rest, grpc); {SamePlan}",
            await RefusalAsync(new ClientRun { TrialSeed = 8 }));

    [Fact]
    public async Task AnotherLoadModelIsRefused() =>
        Assert.Equal($"a and b differ in load model (closed against open); {SamePlan}",
            await RefusalAsync(new ClientRun { LoadModel = ResultsFormat.LoadModel.Open }));

    [Fact]
    public async Task AnotherNetworkIsRefused() =>
        Assert.Equal($"a and b differ in network profile (loopback against wan); {SamePlan}", await RefusalAsync(new ClientRun { Network = "wan" }));

    [Fact]
    public async Task SpawnedHostsAreRefused() =>
        Assert.Equal("b measured a grpc host it started itself; merge needs load clients that measured the same hosts with --target.",
            await RefusalAsync(new ClientRun { Remote = false }));

    [Fact]
    public async Task DisjointWindowsAreRefused() =>
        Assert.Equal(
            "The measured windows of grpc trial 1 do not overlap: a measured 2026-11-22 10:15:00.000–10:15:06.000 and " +
            "b 2026-11-22 10:15:10.000–10:15:16.000 (UTC); merge needs load clients that measured the same hosts at the same time.",
            await RefusalAsync(new ClientRun { Start = ClientRun.T0.AddSeconds(10) }));

    [Fact]
    public async Task OtherClockUnitsAreRefused() =>
        Assert.Equal(
            "b logged grpc trial 1 in other units (its histograms track up to 36000000000 ticks, this machine's 3600000000000); " +
            "merge needs clients whose clocks tick alike.",
            await RefusalAsync(new ClientRun { HighestTrackableTicks = 36_000_000_000 }));

    [Fact]
    public async Task OneFolderIsRefused()
    {
        using var temp = new TempFolder();
        var a = await new ClientRun().WriteAsync(temp.Combine("a"));

        var error = await Assert.ThrowsAsync<UserFacingException>(() => ResultsMerger.MergeAsync([a], temp.Combine("merged"), CancellationToken.None));

        Assert.Equal("Merge needs the results folders of two load clients or more; one was given.", error.Message);
    }

    [Fact]
    public async Task TheSameFolderTwiceIsRefused()
    {
        using var temp = new TempFolder();
        var a = await new ClientRun().WriteAsync(temp.Combine("a"));

        var error = await Assert.ThrowsAsync<UserFacingException>(() => ResultsMerger.MergeAsync([a, a + "/"], temp.Combine("merged"), CancellationToken.None));

        Assert.Equal($"{a}/ is given twice; merge needs each load client's results folder once.", error.Message);
    }

    [Fact]
    public async Task AFolderThatIsNotResultsIsRefused()
    {
        using var temp = new TempFolder();
        var a = await new ClientRun().WriteAsync(temp.Combine("a"));
        Directory.CreateDirectory(temp.Combine("b"));

        var error = await Assert.ThrowsAsync<UserFacingException>(() => ResultsMerger.MergeAsync([a, temp.Combine("b")], temp.Combine("merged"), CancellationToken.None));

        Assert.Equal($"{temp.Combine("b", "manifest.json")}: the file is missing.", error.Message);
    }

    [Fact]
    public async Task ANonEmptyOutputIsRefused()
    {
        using var temp = new TempFolder();
        var a = await new ClientRun().WriteAsync(temp.Combine("a"));
        var b = await new ClientRun { Seed = 2 }.WriteAsync(temp.Combine("b"));

        var error = await Assert.ThrowsAsync<UserFacingException>(() => ResultsMerger.MergeAsync([a, b], a, CancellationToken.None));

        Assert.Equal($"--out {a} is not empty; merge writes into a new or empty folder (nothing was overwritten).", error.Message);
    }

    [Fact]
    public async Task ACopyOfAFolderIsRefusedByItsRunId()
    {
        using var temp = new TempFolder();
        var a = await new ClientRun { RunId = RunIdA }.WriteAsync(temp.Combine("a"));
        var copy = CopyFolder(a, temp.Combine("copy"));

        var error = await Assert.ThrowsAsync<UserFacingException>(() => ResultsMerger.MergeAsync([a, copy], temp.Combine("merged"), CancellationToken.None));

        Assert.Equal($"a and copy are the same run (run id {RunIdA}): a copy or a link of one folder; {OnceEach}", error.Message);
    }

    [Fact]
    public async Task ALinkToAFolderIsRefusedByItsRunId()
    {
        using var temp = new TempFolder();
        var a = await new ClientRun { RunId = RunIdA }.WriteAsync(temp.Combine("a"));
        Directory.CreateSymbolicLink(temp.Combine("link"), a);

        var error = await Assert.ThrowsAsync<UserFacingException>(() =>
            ResultsMerger.MergeAsync([temp.Combine("link"), a], temp.Combine("merged"), CancellationToken.None));

        Assert.Equal($"link and a are the same run (run id {RunIdA}): a copy or a link of one folder; {OnceEach}", error.Message);
    }

    [Fact]
    public async Task ACopyWithoutRunIdIsRefusedByItsSummary()
    {
        using var temp = new TempFolder();
        var a = await new ClientRun().WriteAsync(temp.Combine("a"));
        var copy = CopyFolder(a, temp.Combine("copy"));

        var error = await Assert.ThrowsAsync<UserFacingException>(() => ResultsMerger.MergeAsync([a, copy], temp.Combine("merged"), CancellationToken.None));

        Assert.Equal($"a and copy hold the same summary.json: a copy or a link of one folder; {OnceEach}", error.Message);
    }

    [Fact]
    public async Task OtherRunOptionsAreRefusedByName() =>
        Assert.Equal(
            $"a and b differ in --connections (1 against 4), --request-timeout (5s against 30s); {SamePlan}",
            await RefusalAsync(PlanA, PlanA with { Options = Plan(("connections", "4"), ("request-timeout", "30s")) }));

    [Fact]
    public async Task AnOptionOneClientLacksIsRefused() =>
        Assert.Equal($"a and b differ in --mix (not recorded against ping=1,search=1); {SamePlan}",
            await RefusalAsync(PlanA, PlanA with { Options = Plan(("mix", "ping=1,search=1")) }));

    [Fact]
    public async Task ClientsMayDifferInTheirOwnOptions()
    {
        using var temp = new TempFolder();
        var a = await PlanA.WriteAsync(temp.Combine("a"));
        var b = await (PlanA with
        {
            Seed = 2,
            RunId = "5b0f7c55-2d7e-4bd0-9d43-0ab1f6a3c2e1",
            Options = Plan(("out", "/elsewhere"), ("cpus", "client=4-7,hosts=8"), ("no-target-counters", "True"), ("no-report", "True")),
        }).WriteAsync(temp.Combine("b"));

        var merged = await ResultsMerger.MergeAsync([a, b], temp.Combine("merged"), CancellationToken.None);

        Assert.Equal(2, merged.Clients);
    }

    private const string OnceEach = "merge needs each load client's results once.";
    private const string RunIdA = "0c6f2a4e-8d1b-4f7a-9a55-3e2b1c0d9f18";

    private static readonly ClientRun PlanA = new() { RunId = RunIdA, Options = Plan() };

    /// <summary>A plan as the command line records it, with some options changed.</summary>
    private static Dictionary<string, string> Plan(params (string Name, string Value)[] changes)
    {
        var options = new Dictionary<string, string>
        {
            ["scenario"] = "base-case", ["connections"] = "1", ["request-timeout"] = "5s", ["rest-http2"] = "False",
            ["out"] = "/runs/a", ["cpus"] = "client=0-3,hosts=8", ["no-target-counters"] = "False", ["no-report"] = "False",
        };
        foreach (var (name, value) in changes)
        {
            options[name] = value;
        }
        return options;
    }

    private static string CopyFolder(string from, string to)
    {
        Directory.CreateDirectory(to);
        foreach (var file in Directory.EnumerateFiles(from))
        {
            File.Copy(file, Path.Combine(to, Path.GetFileName(file)));
        }
        return to;
    }

    private static Task<string> RefusalAsync(ClientRun other) => RefusalAsync(new ClientRun(), other);

    private static async Task<string> RefusalAsync(ClientRun first, ClientRun other)
    {
        using var temp = new TempFolder();
        var a = await first.WriteAsync(temp.Combine("a"));
        var b = await (other with { Seed = 2, RunId = other.RunId is null ? null : "5b0f7c55-2d7e-4bd0-9d43-0ab1f6a3c2e1" }).WriteAsync(temp.Combine("b"));

        var error = await Assert.ThrowsAsync<UserFacingException>(() => ResultsMerger.MergeAsync([a, b], temp.Combine("merged"), CancellationToken.None));

        Assert.False(File.Exists(temp.Combine("merged", "manifest.json")));
        return error.Message;
    }
}
