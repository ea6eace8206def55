using System.Text.Json.Nodes;
using RpcCompare.Reports;
using RpcCompare.Reports.Reporting;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.UnitTests.Reports.Reporting;

/// <summary>A replica entry and an injected delay in the reports: a run with them can never read as a measurement.</summary>
public class ReplicaReportTests
{
    private static readonly ReportOptions NoPng = new() { Png = new PngOptions { Enabled = false } };

    private static SyntheticEntry Entry(string stack, double median) =>
        new(stack, "", 300, median) { TrialMedians = [median, median * 1.01, median * 0.99, median * 1.005, median * 0.995] };

    [Fact]
    public async Task AReplicaIsNamedAsOneInTheReportAndItsFiles()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [Entry("grpc", 8.0), Entry("grpc.replica2", 12.0)], scenario: "ping");

        var output = await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        var markdown = await File.ReadAllTextAsync(temp.Combine("summary.md"));
        Assert.Contains("| fastest at the median | gRPC |", markdown, StringComparison.Ordinal);
        Assert.Contains("sooner than gRPC (replica 2)", markdown, StringComparison.Ordinal);
        Assert.Contains(output.Verdict, line => line.Contains("sooner than gRPC (replica 2)", StringComparison.Ordinal));
        Assert.Contains("gRPC (replica 2)", await File.ReadAllTextAsync(temp.Combine("report.html")), StringComparison.Ordinal);
        Assert.True(File.Exists(temp.Combine("latencies-grpc.replica2.csv")));
    }

    [Fact]
    public async Task ACalibrationIsInTheTitleAndEveryVerdictTitle()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [Entry("grpc", 8.0), Entry("grpc.replica2", 8.2)], scenario: "ping");
        await AddOptionAsync(temp.Combine("manifest.json"), "calibration-delay", "grpc#2=0.2ms");

        var output = await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        await ReportTitles.AssertEveryTitleNamesAsync(temp, output, "ping, no TLS, calibration: grpc#2 slowed by 0.2ms per call");
    }

    [Fact]
    public async Task AComparisonNamesACalibrationOnEitherSide()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Combine("a"), [Entry("grpc", 8.0), Entry("grpc.replica2", 8.2)], scenario: "ping");
        await AddOptionAsync(temp.Combine("a", "manifest.json"), "calibration-delay", "grpc#2=0.2ms");
        await SyntheticResults.CreateAsync(temp.Combine("b"), [Entry("grpc", 8.0), Entry("grpc.replica2", 8.2)], scenario: "ping");

        var title = await ReportTitles.ComparisonTitleAsync(temp);

        Assert.Equal("# RpcCompare comparison: ping, no TLS, calibration: grpc#2 slowed by 0.2ms per call", title);
    }

    [Fact]
    public async Task PairVerdictsGiveTheReportsAnswerForThePair()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [Entry("grpc", 8.0), Entry("grpc.replica2", 12.0)], scenario: "ping");
        var run = await ResultsLoader.LoadAsync(temp.Path, CancellationToken.None);

        var forward = PairVerdicts.Of(run, "grpc", "grpc.replica2", new BootstrapSettings(), CancellationToken.None);
        var backward = PairVerdicts.Of(run, "grpc.replica2", "grpc", new BootstrapSettings(), CancellationToken.None);

        Assert.Equal([("", 0.5, PairOutcome.FirstFaster), ("", 0.99, PairOutcome.FirstFaster)], forward.Select(v => (v.Variant, v.Probability, v.Outcome)));
        Assert.Equal([PairOutcome.SecondFaster, PairOutcome.SecondFaster], backward.Select(v => v.Outcome));
        Assert.StartsWith("4", forward[0].Detail, StringComparison.Ordinal);
        Assert.Empty(PairVerdicts.Of(run, "grpc", "rest", new BootstrapSettings(), CancellationToken.None));
    }

    [Fact]
    public async Task PairCostVerdictsGiveTheReportsCostAnswersForThePair()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [Entry("grpc", 8.0), Entry("grpc.replica2", 8.0) with { BytesReceived = 10_500 }], scenario: "ping");
        var run = await ResultsLoader.LoadAsync(temp.Path, CancellationToken.None);

        var forward = PairVerdicts.Costs(run, "grpc", "grpc.replica2", new BootstrapSettings());
        var backward = PairVerdicts.Costs(run, "grpc.replica2", "grpc", new BootstrapSettings());

        // The synthetic hosts report no CPU per request: a question neither entry has a figure for compares nothing and is left out.
        Assert.Equal(["fewest bytes per request", "least server allocation per request", "highest throughput"], forward.Select(c => c.Question));
        Assert.All(forward, c => Assert.Equal("", c.Variant));
        // The same bytes received in every trial, about twice as many for the replica: a winner, whichever is named first.
        Assert.Equal(PairOutcome.FirstFaster, forward[0].Outcome);
        Assert.Equal(PairOutcome.SecondFaster, backward[0].Outcome);
        Assert.Contains("less in 5 of 5 trials", forward[0].Detail, StringComparison.Ordinal);
        // The same allocation per request in every trial, and trials whose throughput moved alike: equivalent.
        Assert.Equal(PairOutcome.Equivalent, forward[1].Outcome);
        Assert.Equal(PairOutcome.Equivalent, forward[2].Outcome);
        Assert.Empty(PairVerdicts.Costs(run, "grpc", "rest", new BootstrapSettings()));
    }

    private static async Task AddOptionAsync(string manifestPath, string name, string value)
    {
        var manifest = JsonNode.Parse(await File.ReadAllTextAsync(manifestPath))!;
        manifest["options"]![name] = value;
        await File.WriteAllTextAsync(manifestPath, manifest.ToJsonString());
    }
}
