using System.CommandLine;
using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Cli;
using RpcCompare.LoadClient.Merging;
using RpcCompare.LoadClient.Placement;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Stacks;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Runs;

/// <summary>--client-processes: what it refuses, the CPUs each client gets and the command line each client is given.</summary>
public sealed class ClientProcessRunTests
{
    private static readonly DateTimeOffset StartAt = new(2026, 11, 26, 9, 30, 0, TimeSpan.Zero);

    private static readonly Dictionary<string, string> Targets = new()
    {
        [StackCatalog.Rest] = "http://127.0.0.1:5003",
        [StackCatalog.Grpc] = "http://127.0.0.1:5001",
    };

    [Fact]
    public void EightCpusSplitIntoTwoDisjointHalves()
    {
        var sets = ClientProcessRun.ClientCpuSets(new CpuPlacement([0, 1, 2, 3, 4, 5, 6, 7], [8, 9], "test"), 2);

        Assert.Equal([[0, 1, 2, 3], [4, 5, 6, 7]], sets.Select(s => s!.ToArray()));
    }

    [Fact]
    public void ThreeCpusGiveThreeClientsOneEach()
    {
        var sets = ClientProcessRun.ClientCpuSets(new CpuPlacement([1, 2, 3], [0], "test"), 3);

        Assert.Equal([[1], [2], [3]], sets.Select(s => s!.ToArray()));
    }

    [Fact]
    public void UnevenSplitsDifferByOneCpuAtMost()
    {
        var sets = ClientProcessRun.ClientCpuSets(new CpuPlacement([0, 1, 2, 3, 4], [5], "test"), 3);

        Assert.Equal([[0], [1, 2], [3, 4]], sets.Select(s => s!.ToArray()));
    }

    [Fact]
    public void FewerCpusThanClientsIsRefused()
    {
        var e = Assert.Throws<UserFacingException>(() =>
            ClientProcessRun.ClientCpuSets(new CpuPlacement([0], [1], "--cpus client=0,hosts=1"), 2));

        Assert.Equal("--client-processes 2 needs at least 2 CPUs for the clients, and the client has 0 (--cpus client=0,hosts=1); " +
            "give more with --cpus client=LIST,hosts=LIST, or share every CPU with --cpus none.", e.Message);
    }

    [Fact]
    public void UnpinnedClientsGetNoCpus()
    {
        var sets = ClientProcessRun.ClientCpuSets(new CpuPlacement(null, null, "--cpus none"), 3);

        Assert.Equal([null, null, null], sets);
    }

    [Fact]
    public void ClientsGetTheRunsOptionsAsGiven()
    {
        var arguments = ClientProcessRun.ClientArguments(Settings(), Targets, StartAt, [2, 3], "/tmp/run.clients/client-2");

        Assert.Equal(
        [
            "--scenario", "ping", "--duration", "2s", "--warmup", "1s", "--trials", "3", "--connections", "4",
            "--rest-http2", "--security", "none",
            "--stacks", "rest,grpc",
            "--target", "rest=http://127.0.0.1:5003", "--target", "grpc=http://127.0.0.1:5001",
            "--start-at", "2026-11-26T09:30:00Z", "--trial-seed", "1234",
            "--cpus", "client=2,3,hosts=8-10",
            "--out", "/tmp/run.clients/client-2", "--no-report", "--no-scaling-check",
        ], arguments);
    }

    [Fact]
    public void OptionsTheRunOwnsAreNotPassedOn()
    {
        var arguments = ClientProcessRun.ClientArguments(Settings(), Targets, StartAt, [2, 3], "/tmp/c");

        var names = arguments.Where(a => a.StartsWith("--", StringComparison.Ordinal)).ToList();
        foreach (var own in new[] { "--client-processes", "--connection", "--pg-data", "--fresh-hosts", "--db-pool-size", "--no-target-counters" })
        {
            Assert.DoesNotContain(own, names);
        }
        Assert.DoesNotContain(arguments, a => a.Contains("Password", StringComparison.Ordinal));
        Assert.Equal(1, names.Count(n => n == "--out"));
        Assert.Equal(1, names.Count(n => n == "--cpus"));
        Assert.Equal(1, names.Count(n => n == "--start-at"));
        Assert.Equal(1, names.Count(n => n == "--trial-seed"));
    }

    [Fact]
    public void FalseFlagsAreLeftOut()
    {
        var arguments = ClientProcessRun.ClientArguments(Settings(), Targets, StartAt, null, "/tmp/c");

        Assert.DoesNotContain("False", arguments);
        Assert.DoesNotContain("True", arguments);
        Assert.Contains("--rest-http2", arguments);
    }

    [Fact]
    public void UnpinnedClientsAreToldCpusNone()
    {
        var arguments = ClientProcessRun.ClientArguments(Settings(), Targets, StartAt, null, "/tmp/c");

        Assert.Equal("none", arguments[arguments.IndexOf("--cpus") + 1]);
    }

    [Fact]
    public void EachStackIsATarget()
    {
        var arguments = ClientProcessRun.ClientArguments(Settings(), Targets, StartAt, null, "/tmp/c");

        var targets = arguments.Select((a, i) => (a, i)).Where(p => p.a == "--target").Select(p => arguments[p.i + 1]);
        Assert.Equal(["rest=http://127.0.0.1:5003", "grpc=http://127.0.0.1:5001"], targets);
    }

    [Theory]
    [InlineData(StackCatalog.Rest, true, "http://127.0.0.1:5004")]
    [InlineData(StackCatalog.Rest, false, "http://127.0.0.1:5003")]
    [InlineData(StackCatalog.Grpc, true, "http://127.0.0.1:5001")]
    [InlineData(StackCatalog.Wcf, false, "net.tcp://127.0.0.1:5002/graph")]
    public void TargetIsTheEndpointTheClientSpeaks(string stack, bool http2, string expected)
    {
        var endpoints = new Dictionary<string, string>
        {
            [EndpointNames.Http] = "http://127.0.0.1:5003",
            [EndpointNames.H2c] = "http://127.0.0.1:5004",
            [EndpointNames.Grpc] = "http://127.0.0.1:5001",
            [EndpointNames.NetTcp] = "net.tcp://127.0.0.1:5002/graph",
        };

        Assert.Equal(expected, ClientProcessRun.TargetOf(stack, endpoints, http2));
    }

    [Fact]
    public void OneClientProcessIsNeverRefused() =>
        Assert.Null(ClientProcessRun.Refusal(Settings() with { ClientProcesses = 1, Duration = null, Scenario = "all", FreshHosts = true }));

    [Fact]
    public void SeveralClientsWithADurationAreAccepted() => Assert.Null(ClientProcessRun.Refusal(Settings()));

    [Theory]
    [InlineData("duration", "--client-processes needs --duration (e.g. --duration 30s)")]
    [InlineData("all", "--client-processes measures one scenario (or one mix); run each scenario on its own.")]
    [InlineData("fresh-hosts", "--client-processes shares one set of hosts between its clients, so it cannot restart them per trial (--fresh-hosts).")]
    public void SeveralClientsRefuse(string problem, string expected)
    {
        var settings = problem switch
        {
            "duration" => Settings() with { Duration = null, Requests = 100 },
            "all" => Settings() with { Scenario = "all" },
            _ => Settings() with { FreshHosts = true },
        };

        Assert.StartsWith(expected, ClientProcessRun.Refusal(settings), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("runs/x/", "runs/x")]
    [InlineData("runs/x//", "runs/x")]
    [InlineData("runs/./x/.", "runs/x")]
    [InlineData("runs/y/../x", "runs/x")]
    public void ClientsFoldersGoBesideTheRunsFolder(string output, string expected)
    {
        var (folder, clients) = ClientProcessRun.Folders(output);

        Assert.Equal(Path.GetFullPath(expected), folder);
        Assert.Equal(Path.GetFullPath(expected) + ".clients", clients);
    }

    [Fact]
    public void TheRootAsOutIsRefused()
    {
        var e = Assert.Throws<UserFacingException>(() => ClientProcessRun.Folders("/"));

        Assert.Equal("--out / is the root of the file system; --client-processes needs a folder with a parent to put the clients' folders in.", e.Message);
    }

    [Fact]
    public async Task ANonEmptyOutIsRefusedBeforeTheRun()
    {
        using var temp = new TempFolder();
        await File.WriteAllTextAsync(temp.Combine("notes.txt"), "mine");

        var e = await Assert.ThrowsAsync<UserFacingException>(() => ClientProcessRun.RunAsync(Settings() with { OutputFolder = temp.Path + "/" }, default));

        Assert.Equal($"--out {temp.Path} is not empty; merge writes into a new or empty folder (nothing was overwritten).", e.Message);
        Assert.False(Directory.Exists(temp.Path + ".clients"));
    }

    [Fact]
    public void AClientsArgumentsBindAsARunWithoutTls()
    {
        var options = new RunOptions();
        var root = new RootCommand();
        options.AddTo(root);

        var result = root.Parse(ClientProcessRun.ClientArguments(Settings(), Targets, DateTimeOffset.UtcNow.AddHours(1), [0, 1],
            "/tmp/run.clients/client-1"));

        Assert.Empty(result.Errors);
        Assert.Equal(SecurityMode.None, options.Bind(result).Security.Mode);
    }

    [Fact]
    public void TlsClientsGetTheRunsCertificateButNotItsKey()
    {
        using var tls = RunTls.Open(new RunSecurity { Mode = SecurityMode.Tls });
        var settings = Settings() with
        {
            Security = new RunSecurity { Mode = SecurityMode.Tls },
            Tls = tls,
            OptionsForManifest = new Dictionary<string, string>(Settings().OptionsForManifest)
            {
                ["security"] = "tls",
                ["certificate"] = "/home/me/server.pem",
                ["certificate-key"] = "/home/me/server.key",
            },
        };
        Dictionary<string, string> https = new() { [StackCatalog.Rest] = "https://127.0.0.1:5003", [StackCatalog.Grpc] = "https://127.0.0.1:5001" };
        var options = new RunOptions();
        var root = new RootCommand();
        options.AddTo(root);

        var arguments = ClientProcessRun.ClientArguments(settings, https, DateTimeOffset.UtcNow.AddHours(1), [0, 1], "/tmp/run.clients/client-1");
        var result = root.Parse(arguments);

        Assert.Empty(result.Errors);
        Assert.Equal(new RunSecurity { Mode = SecurityMode.Tls, CertificatePath = tls.CertificatePath }, options.Bind(result).Security);
        Assert.Equal(1, arguments.Count(a => a == "--certificate"));
        Assert.DoesNotContain("--certificate-key", arguments);
    }

    [Fact]
    public void ClientsDifferInNothingMergeCompares()
    {
        var root = new RootCommand();
        RunCommand.AddTo(root);
        var options = Enumerable.Range(1, 2).Select(i => RunOptions.OptionsForManifest(root.Parse(
        [
            .. ClientProcessRun.ClientArguments(Settings(), Targets, StartAt, i == 1 ? [0, 1] : [2, 3], $"/tmp/run.clients/client-{i}"),
            .. i == 1 ? Array.Empty<string>() : ["--no-target-counters"],
        ]))).ToList();

        Assert.Empty(MergeCheck.OptionDifferences(options[0], options[1]));
        Assert.Equal(["cpus", "no-target-counters", "out"], options[0].Keys.Where(k => options[0][k] != options[1][k]).Order(StringComparer.Ordinal));
    }

    private static RunSettings Settings() => TestRunSettings.Create("ping", StackCatalog.Rest, StackCatalog.Grpc) with
    {
        Warmup = TimeSpan.FromSeconds(1),
        Duration = TimeSpan.FromSeconds(2),
        Trials = 3,
        TrialSeed = 1234,
        ClientProcesses = 2,
        OutputFolder = "/tmp/run",
        Placement = new CpuPlacement([0, 1, 2, 3], [8, 9, 10], "test"),
        // As the command line records them: every option given or defaulted, by name, false flags as "False".
        OptionsForManifest = new Dictionary<string, string>
        {
            ["scenario"] = "ping",
            ["stacks"] = "rest,grpc",
            ["threads"] = "",
            ["duration"] = "2s",
            ["warmup"] = "1s",
            ["trials"] = "3",
            ["trial-seed"] = "99",
            ["fresh-hosts"] = "False",
            ["start-at"] = "+30s",
            ["target"] = "",
            ["out"] = "/tmp/run",
            ["db-pool-size"] = "12",
            ["connections"] = "4",
            ["client-processes"] = "2",
            ["no-target-counters"] = "False",
            ["rest-http2"] = "True",
            ["no-report"] = "False",
            ["cpus"] = "client=0-3,hosts=8-10",
            ["connection"] = "Host=127.0.0.1;Password=***",
            ["pg-data"] = "/var/tmp/pg",
            ["security"] = "none",
            ["certificate-kind"] = "ecdsa-p256",
        },
    };
}
