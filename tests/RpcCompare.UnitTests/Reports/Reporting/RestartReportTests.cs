using System.Text.RegularExpressions;
using RpcCompare.Reports;
using RpcCompare.Reports.Reporting;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Reports.Reporting;

/// <summary>The restart scenario's sentences, table and timeline charts, from restart.json.</summary>
public sealed class RestartReportTests
{
    private static readonly StackRestart Grpc = new()
    {
        Stack = "grpc", PidBefore = 101, PidAfter = 202, CallsIssued = 5_000, Succeeded = 4_588,
        FailedByKind = new Dictionary<string, long> { ["refused"] = 412 },
        StopAtSeconds = 3.0, ReadyAtSeconds = 4.1, RecoveredAfterSeconds = 1.2, FirstCallP50Ms = 3.5, FirstCallP99Ms = 40.4,
        CallersRecovered = 200, ConnectionsOpened = 3, ConnectionsOpenedAfterStop = 2, Reconnect = "one channel",
        Timeline = [new RestartBucket(0, 100, 0, 1), new RestartBucket(0.1, 0, 12, 0), new RestartBucket(0.2, 80, 3, 2)],
    };

    private static RestartResults Run(params StackRestart[] stacks) => new()
    {
        Signal = "SIGTERM", Callers = 200, SteadySeconds = 3, RecoveryTimeoutSeconds = 60, BucketMilliseconds = 100,
        Method = "each caller pings", Stacks = stacks,
    };

    [Fact]
    public void ARecoveredStackGetsTheTimeAndTheOneCause() =>
        Assert.Equal("gRPC served every caller again 1.2 s after the stop (SIGTERM); 412 calls failed, all refused.",
            RestartSection.Sentence(Grpc, Run(Grpc)));

    [Fact]
    public void SeveralCausesAreListedMostFirst() =>
        Assert.Equal("gRPC served every caller again 1.2 s after the stop (SIGTERM); 412 calls failed: 400 refused, 12 protocol.",
            RestartSection.Sentence(Grpc with { FailedByKind = new Dictionary<string, long> { ["protocol"] = 12, ["refused"] = 400 } }, Run(Grpc)));

    [Fact]
    public void AStackWithoutFailuresSaysSo() =>
        Assert.Equal("REST served every caller again 0.35 s after the stop (SIGTERM); no call failed.",
            RestartSection.Sentence(Grpc with { Stack = "rest", FailedByKind = new Dictionary<string, long>(), RecoveredAfterSeconds = 0.35 }, Run(Grpc)));

    [Fact]
    public void CallersThatNeverRecoveredAreNamed()
    {
        var wcf = Grpc with
        {
            Stack = "wcf", RecoveredAfterSeconds = null, CallersRecovered = 193, NeverRecovered = [3, 9, 12, 14, 20, 33, 41],
            FailedByKind = new Dictionary<string, long> { ["timeout"] = 1_203 },
        };

        Assert.Equal("WCF had served 193 of 200 callers again 60.0 s after the stop (SIGTERM), when the run stopped waiting; " +
            "callers 3, 9, 12, 14, 20 and 2 more never recovered; 1,203 calls failed, all timeout.", RestartSection.Sentence(wcf, Run(wcf)));
    }

    [Fact]
    public void AnInterruptedStackSaysHowFarItGot()
    {
        var rest = Grpc with { Stack = "rest", Interrupted = true, RecoveredAfterSeconds = null, CallersRecovered = 150, NeverRecovered = [.. Enumerable.Range(150, 50)] };

        Assert.Equal("REST was interrupted after the stop (SIGTERM) with 150 of 200 callers served again; 412 calls failed, all refused.",
            RestartSection.Sentence(rest, Run(rest)));
    }

    [Fact]
    public void AStackWhoseHostNeverStartedGivesTheReason() =>
        Assert.Equal("GraphQL has no restart figures: The GraphQL host did not become ready within 60 s.",
            RestartSection.Sentence(new StackRestart { Stack = "graphql", Failure = "The GraphQL host did not become ready within 60 s." }, Run(Grpc)));

    [Fact]
    public async Task TheReportHasTheRestartSectionAndATimelinePerStack()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [], scenario: "restart");
        var rest = Grpc with { Stack = "rest", RecoveredAfterSeconds = 0.35 };
        await RestartResults.WriteAsync(temp.Path, Run(Grpc, rest), CancellationToken.None);

        var output = await ReportWriter.WriteAsync(temp.Path, new ReportOptions(), CancellationToken.None);

        var html = await File.ReadAllTextAsync(temp.Combine("report.html"));
        var charts = Regex.Matches(html, "<svg [^>]*class=\"chart\" id=\"([^\"]+)\"").Select(m => m.Groups[1].Value).ToList();
        Assert.Equal(["restart-grpc", "restart-rest"], charts);
        Assert.DoesNotContain("No stack has successful requests", html, StringComparison.Ordinal);
        Assert.All(charts, id => Assert.True(PngPixels.Decode(File.ReadAllBytes(temp.Combine("charts", $"{id}.png"))).InkShare() > 0.02));
        Assert.Contains("gRPC served every caller again 1.2 s after the stop (SIGTERM); 412 calls failed, all refused.", html, StringComparison.Ordinal);
        Assert.Contains("gRPC: one channel", html, StringComparison.Ordinal);
        Assert.Contains("| gRPC | 5,000 | 4,588 | 412 (refused 412) | 1.2 | 3.50 | 40.4 | 3 (2) | 101, 202 |", output.VerdictMarkdown, StringComparison.Ordinal);
        Assert.Contains("- REST served every caller again 0.35 s after the stop (SIGTERM); 412 calls failed, all refused.", output.VerdictMarkdown, StringComparison.Ordinal);
        Assert.Contains("REST served every caller again 0.35 s", await File.ReadAllTextAsync(temp.Combine("summary.md")), StringComparison.Ordinal);
    }
}
