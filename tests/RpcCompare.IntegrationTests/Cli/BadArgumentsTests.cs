using RpcCompare.IntegrationTests.Infrastructure;

namespace RpcCompare.IntegrationTests.Cli;

/// <summary>Wrong command lines get one clear sentence naming the problem and a non-zero exit; nothing runs, nothing is written.</summary>
public sealed class BadArgumentsTests
{
    public static TheoryData<string[], string> Cases => new()
    {
        { [], "--scenario" },
        { ["--scenario", "nope"], "nope" },
        { ["--scenario", "ping", "--threads", "0"], "--threads must be from 1" },
        { ["--scenario", "ping", "--threads", "-1"], "--threads must be from 1" },
        { ["--scenario", "ping", "--threads", "1000000"], "--threads must be from 1" },
        { ["--scenario", "ping", "--threads", "ten"], "ten" },
        { ["--scenario", "ping", "--requests", "0"], "--requests must be from 1" },
        { ["--scenario", "ping", "--requests", "5", "--duration", "10s"], "alternatives" },
        { ["--scenario", "ping", "--duration", "10"], "not a duration" },
        { ["--scenario", "ping", "--duration", "5x"], "not a duration" },
        { ["--scenario", "ping", "--duration", "0s"], "more than zero" },
        { ["--scenario", "ping", "--duration", "48h"], "at most 24h" },
        { ["--scenario", "ping", "--warmup", "-1s"], "not a duration" },
        { ["--scenario", "ping", "--trials", "0"], "--trials must be from 1" },
        { ["--scenario", "ping", "--trials", "101"], "--trials must be from 1 to 100" },
        { ["--scenario", "ping", "--trial-seed", "x"], "x" },
        { ["--scenario", "ping", "--rate", "0"], "--rate must be" },
        { ["--scenario", "ping", "--rate", "NaN"], "--rate must be" },
        { ["--scenario", "ping", "--stacks", "grpc,soap"], "Unknown stack 'soap'" },
        { ["--scenario", "ping", "--stacks", "grpc,grpc"], "twice" },
        { ["--scenario", "ping", "--stacks", "grpc#2"], "--stacks names grpc#2 but not grpc" },
        { ["--scenario", "ping", "--stacks", "grpc,grpc#2", "--calibration-delay", "grpc=1ms"], "slows a replica entry only" },
        { ["--scenario", "ping", "--stacks", "grpc,grpc#2", "--client-processes", "2", "--duration", "2s"], "which a replica entry (grpc#2) cannot be" },
        { ["servers", "--stacks", "grpc#2"], "'grpc#2' is a replica entry" },
        { ["servers", "--certificate", "server.pem"], "--certificate-kind, --certificate and --certificate-key need --security tls." },
        { ["servers", "--security", "tls", "--certificate", "server.pem"], "--certificate needs --certificate-key: the hosts this run starts serve that certificate with its private key." },
        { ["calibrate", "--scenario", "ping", "--stacks", "grpc"], "calibrate sets --stacks for each run itself" },
        { ["calibrate", "--scenario", "ping", "--requestz", "5"], "calibrate: a run would refuse these options: Unrecognized command or argument '--requestz'" },
        { ["calibrate", "--scenario", "ping", "--threads", "0"], "calibrate: a run would refuse these options: --threads must be from 1" },
        { ["--scenario", "ping", "--dataset", "huge"], "huge" },
        { ["--scenario", "ping", "--nodes", "-5"], "positive whole number" },
        { ["--scenario", "ping", "--nodes", "50"], "nodes must be at least 100" },
        { ["--scenario", "ping", "--db-pool-size", "0"], "--db-pool-size must be from 1" },
        { ["--scenario", "ping", "--target", "bogus"], "stack=url" },
        { ["--scenario", "ping", "--target", "grpc=ftp://example"], "must start with http://" },
        { ["--scenario", "ping", "--target", "soap=http://127.0.0.1:1"], "Unknown stack 'soap'" },
        { ["--scenario", "ping", "--security", "ssl"], "'ssl'" },
        { ["--scenario", "ping", "--certificate", "server.pem"], "--certificate-kind, --certificate and --certificate-key need --security tls." },
        { ["--scenario", "ping", "--security", "tls", "--stacks", "grpc", "--certificate", "/nonexistent/server.pem", "--certificate-key", "/nonexistent/server.key"],
            "The certificate file '/nonexistent/server.pem' does not exist." },
        { ["--scenario", "ping", "--connection", "Host=127.0.0.1;Bogus=1"], "connection string is not valid" },
        { ["--scenario", "ping", "--cpus", "client=0"], "must give both client=LIST and hosts=LIST" },
        { ["--scenario", "ping", "--cpus", "client=0,hosts=0"], "must not share a CPU" },
        { ["--scenario", "ping", "--cpus", "client=0,hosts=9999"], "'9999' is not a CPU number" },
        { ["--scenario", "ping", "--cpus", "half"], "'half' is not auto, none" },
        { ["--scenario", "ping", "--out", "/proc/version/results"], "cannot be written" },
        { ["--scenario", "ping", "--network", "satellite"], "'satellite' is neither a profile" },
        { ["--scenario", "ping", "--network", "delay=10"], "delay=10: a delay is a number with a unit" },
        { ["--scenario", "ping", "--network", "delay=10ms,jitter=2ms"], "'jitter' is not a key of a network" },
        { ["--scenario", "ping", "--network", "rate=100mbit,down=10mbit"], "rate sets both directions" },
        { ["--scenario", "ping", "--connections", "0"], "--connections must be from 1" },
        { ["--scenario", "ping", "--start-at", "+30s"], "--start-at needs --duration" },
        { ["--scenario", "ping", "--duration", "2s", "--start-at", "2020-01-01T00:00:00Z"], "2020-01-01T00:00:00Z is already past" },
        { ["--scenario", "ping", "--duration", "2s", "--start-at", "soon"], "'soon' is neither a UTC time" },
        { ["--scenario", "ping", "--duration", "2s", "--start-at", "+soon"], "'soon' is not a duration" },
        { ["--scenario", "all", "--duration", "2s", "--start-at", "+30s"], "--start-at measures one scenario" },
        { ["--scenario", "ping", "--client-processes", "2"], "--client-processes needs --duration" },
        { ["--scenario", "ping", "--client-processes", "0"], "--client-processes must be from 1" },
        { ["--scenario", "ping", "--client-processes", "2", "--duration", "2s", "--fresh-hosts"], "cannot restart them per trial" },
        { ["--scenario", "ping", "--client-processes", "2", "--duration", "2s", "--cpus", "client=0,hosts=1"], "--client-processes 2 needs at least 2 CPUs" },
        { ["--scenario", "restart", "--target", "grpc=http://127.0.0.1:7001"], "--scenario restart stops and starts the host itself, so it cannot run against a --target" },
        { ["--mix", "restart=1"], "'restart' is not a scenario" },
        { ["--mix", "base-case=70,nope=30"], "'nope' is not a scenario" },
        { ["--mix", "base-case"], "'base-case' is not scenario=weight" },
        { ["--mix", "base-case=0"], "whole weight from 1" },
        { ["--mix", "ping=1,ping=2"], "'ping' is given twice" },
        { ["--scenario", "ping", "--mix", "ping=1"], "one of the two" },
        { ["--mix", "worst-case/stream=1", "--dataset", "tiny"], "worst-case has no variant 'stream' on wcf" },
        { ["relay", "--forward", "nonsense"], "'nonsense' is not an address with a host and a port" },
        { ["seed", "--dataset", "huge"], "huge" },
        { ["seed", "--records", "0"], "positive whole number" },
        { ["report", "/nonexistent/results"], "does not exist" },
        { ["report", "/nonexistent/results", "--margin", "0"], "--margin: 0 is not a percentage above 0 and below 100" },
        { ["compare", "/a", "/b", "--margin", "150"], "--margin: 150 is not a percentage above 0 and below 100" },
        { ["--scenario", "ping", "--margin", "-1"], "--margin: -1 is not a percentage above 0 and below 100" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task ABadCommandLineGetsOneClearSentence(string[] arguments, string expected)
    {
        var outcome = await LoadClientProcess.RunAsync(arguments, TimeSpan.FromSeconds(60));

        Assert.NotEqual(0, outcome.ExitCode);
        Assert.Contains(expected, outcome.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", outcome.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("Exception", outcome.Error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task AFolderThatHoldsResultsIsNeverOverwritten()
    {
        var folder = Path.Combine(Path.GetTempPath(), $"rc-existing-{Guid.NewGuid():N}");
        Directory.CreateDirectory(folder);
        var manifest = Path.Combine(folder, "manifest.json");
        await File.WriteAllTextAsync(manifest, "{\"earlier\": true}");
        try
        {
            var outcome = await LoadClientProcess.RunAsync(["--scenario", "ping", "--out", folder, "--connection", "Host=127.0.0.1;Port=1"],
                TimeSpan.FromSeconds(60));

            Assert.Equal(2, outcome.ExitCode);
            Assert.Contains("already holds the results", outcome.Error, StringComparison.Ordinal);
            Assert.Equal("{\"earlier\": true}", await File.ReadAllTextAsync(manifest));
            Assert.Single(Directory.GetFiles(folder));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task AnUnreachableDatabaseIsOneSentenceWithoutThePassword()
    {
        var outcome = await LoadClientProcess.RunAsync(
            ["--scenario", "ping", "--connection", "Host=127.0.0.1;Port=1;Username=u;Password=s3cr3t-pw;Database=d",
             "--out", Path.Combine(Path.GetTempPath(), $"rc-nodb-{Guid.NewGuid():N}")],
            TimeSpan.FromSeconds(60));

        Assert.Equal(1, outcome.ExitCode);
        Assert.Contains("Could not use the database", outcome.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("s3cr3t-pw", outcome.Output + outcome.Error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("seed")]
    [InlineData("run")]
    public async Task InlineSocketCompletionsAreRefusedWhereTheDatabaseIsOpened(string command)
    {
        // Set by the user, they would stall the loader; refused before any connection, so the database may be absent.
        string[] database = ["--connection", "Host=127.0.0.1;Port=1;Username=u;Password=p;Database=d"];
        var outcome = await LoadClientProcess.RunAsync(
            command == "seed"
                ? ["seed", .. database]
                : ["--scenario", "ping", .. database, "--out", Path.Combine(Path.GetTempPath(), $"rc-inline-{Guid.NewGuid():N}")],
            TimeSpan.FromSeconds(60), new Dictionary<string, string> { ["DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS"] = "1" });

        Assert.Equal(2, outcome.ExitCode);
        Assert.Contains("DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1 is set", outcome.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("Could not use the database", outcome.Error, StringComparison.Ordinal);
    }
}
