using RpcCompare.Reports;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.UnitTests.Reports.Reporting;

public class CompareWriterTests
{
    private static readonly CompareOptions NoPng = new() { Png = new PngOptions { Enabled = false } };

    [Fact]
    public async Task CompareStatesPerStackWhetherTheChangeExceedsTheNoise()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Combine("a"), SyntheticResults.FourStacks(400), seed: 1);
        var after = SyntheticResults.FourStacks(400).Select(e => e.Stack == "grpc" ? e with { MedianMs = 5 } : e).ToList();
        await SyntheticResults.CreateAsync(temp.Combine("b"), after, seed: 2);

        var output = await CompareWriter.WriteAsync(temp.Combine("a"), temp.Combine("b"), temp.Combine("out"), NoPng, CancellationToken.None);

        Assert.Equal([temp.Combine("out", "compare.html"), temp.Combine("out", "compare.md")], output.Files);
        var markdown = await File.ReadAllTextAsync(temp.Combine("out", "compare.md"));
        // 400 requests per group keep the 2nd to 98th percentiles (at least 5 requests beyond each).
        Assert.Contains("Across the whole distribution (2nd to 98th percentile), gRPC in B answers at least", markdown);
        Assert.Contains("sooner than gRPC in A (95% simultaneous band", markdown);
        Assert.Contains("- Verdict: B faster at 97 and slower at 0 of 97 quantiles: the change exceeds the noise.", markdown);
        Assert.Contains("- Verdict: no change beyond the noise (the band includes zero everywhere).", markdown);
        Assert.Contains("## Verdicts side by side", markdown);
        Assert.Matches("\\| — \\| fastest at the median \\| gRPC: answers the median worst-case request [0-9.]+ ms \\([0-9.]+%\\) sooner than REST [^|]*\\| gRPC: answers", markdown);
        var html = await File.ReadAllTextAsync(temp.Combine("out", "compare.html"));
        Assert.Contains("id=\"delta-grpc\"", html);
        Assert.Contains(">faster in B</text>", html);
        Assert.Contains("id=\"ecdf\"", html);
        Assert.Contains("id=\"memory-working-set\"", html);
    }

    [Fact]
    public async Task TheBootstrapSettingsReachTheVerdictsAsWellAsTheChanges()
    {
        using var temp = await TwoLikeRunsAsync();
        var options = NoPng with { Bootstrap = new BootstrapSettings { ConfidenceLevel = 0.9, Resamples = 500 } };

        await CompareWriter.WriteAsync(temp.Combine("a"), temp.Combine("b"), temp.Combine("out"), options, CancellationToken.None);

        var markdown = await File.ReadAllTextAsync(temp.Combine("out", "compare.md"));
        var verdicts = markdown[markdown.IndexOf("## Verdicts side by side", StringComparison.Ordinal)..];
        Assert.Contains("(90% CI", verdicts);
        Assert.DoesNotContain("95%", markdown);
        Assert.Contains("500 resamples per group", markdown);
    }

    [Fact]
    public async Task EachRunsVerdictReadsAsInItsOwnReport()
    {
        using var temp = await TwoLikeRunsAsync();

        var report = await ReportWriter.WriteAsync(temp.Combine("a"), new ReportOptions { Png = NoPng.Png }, CancellationToken.None);
        await CompareWriter.WriteAsync(temp.Combine("a"), temp.Combine("b"), temp.Combine("out"), NoPng, CancellationToken.None);

        var median = Assert.Single(report.Verdict, line => line.Contains("fastest at the median", StringComparison.Ordinal));
        var answer = median[(median.IndexOf("fastest at the median: ", StringComparison.Ordinal) + "fastest at the median: ".Length)..];
        var firstComma = answer.IndexOf(", ", StringComparison.Ordinal);
        Assert.Contains($"| {answer[..firstComma]}: {answer[(firstComma + 2)..]} |", await File.ReadAllTextAsync(temp.Combine("out", "compare.md")));
    }

    [Fact]
    public async Task AQuestionOnlyOneRunAsksStillHasItsRow()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Combine("a"), [.. SyntheticResults.FourStacks(400).Take(2)], seed: 1);
        await SyntheticResults.CreateAsync(temp.Combine("b"), SyntheticResults.FourStacks(400), seed: 2);

        await CompareWriter.WriteAsync(temp.Combine("a"), temp.Combine("b"), temp.Combine("out"), NoPng, CancellationToken.None);

        // Run A has two stacks and no "slowest" line; B has four.
        Assert.Matches("\\| — \\| slowest at the median \\| not measured \\| GraphQL: ", await File.ReadAllTextAsync(temp.Combine("out", "compare.md")));
    }

    [Fact]
    public async Task RunsOfDifferentScenariosAreRefusedWithTheReason()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Combine("a"), SyntheticResults.FourStacks(30), scenario: "worst-case");
        await SyntheticResults.CreateAsync(temp.Combine("b"), SyntheticResults.FourStacks(30), scenario: "search");

        var error = await Assert.ThrowsAsync<ComparisonRefusedException>(() => CompareWriter.WriteAsync(temp.Combine("a"), temp.Combine("b"), temp.Combine("out"), NoPng, CancellationToken.None));

        Assert.Contains("is scenario 'worst-case' but run B", error.Message);
        Assert.Contains("is scenario 'search'", error.Message);
        Assert.False(Directory.Exists(temp.Combine("out")));
    }

    [Fact]
    public async Task RunsOnDifferentDatasetsAreRefusedWithTheReason()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Combine("a"), SyntheticResults.FourStacks(30), fingerprint: "tiny-1");
        await SyntheticResults.CreateAsync(temp.Combine("b"), SyntheticResults.FourStacks(30), fingerprint: "default-2");

        var error = await Assert.ThrowsAsync<ComparisonRefusedException>(() => CompareWriter.WriteAsync(temp.Combine("a"), temp.Combine("b"), temp.Combine("out"), NoPng, CancellationToken.None));

        Assert.Contains("used dataset fingerprint 'tiny-1' but run B", error.Message);
        Assert.Contains("used 'default-2'", error.Message);
    }

    [Fact]
    public async Task SameRunsGiveByteIdenticalComparisons()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Combine("a"), SyntheticResults.FourStacks(100), seed: 1);
        await SyntheticResults.CreateAsync(temp.Combine("b"), SyntheticResults.FourStacks(100), status: ResultsFormat.RunStatus.Interrupted, seed: 2);

        await CompareWriter.WriteAsync(temp.Combine("a"), temp.Combine("b"), temp.Combine("one"), NoPng, CancellationToken.None);
        await CompareWriter.WriteAsync(temp.Combine("a"), temp.Combine("b"), temp.Combine("two"), NoPng, CancellationToken.None);

        Assert.Equal(await File.ReadAllBytesAsync(temp.Combine("one", "compare.html")), await File.ReadAllBytesAsync(temp.Combine("two", "compare.html")));
        Assert.Equal(await File.ReadAllBytesAsync(temp.Combine("one", "compare.md")), await File.ReadAllBytesAsync(temp.Combine("two", "compare.md")));
        Assert.Contains("Run B (b) was interrupted", await File.ReadAllTextAsync(temp.Combine("one", "compare.html")));
    }

    /// <summary>Runs a and b of the four stacks, alike but for their random draws.</summary>
    private static async Task<TempFolder> TwoLikeRunsAsync()
    {
        var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Combine("a"), SyntheticResults.FourStacks(400), seed: 1);
        await SyntheticResults.CreateAsync(temp.Combine("b"), SyntheticResults.FourStacks(400), seed: 2);
        return temp;
    }
}
