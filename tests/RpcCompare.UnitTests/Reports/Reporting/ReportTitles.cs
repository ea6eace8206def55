using RpcCompare.Reports;

namespace RpcCompare.UnitTests.Reports.Reporting;

/// <summary>What a report must say of its run wherever it names it: summary.md's title and verdict, report.html's title,
/// and every verdict line printed on the console.</summary>
internal static class ReportTitles
{
    public static async Task AssertEveryTitleNamesAsync(TempFolder temp, ReportOutput output, string subject)
    {
        var markdown = await File.ReadAllTextAsync(temp.Combine("summary.md"));
        Assert.StartsWith($"# RpcCompare report: {subject}\n", markdown, StringComparison.Ordinal);
        Assert.Contains($"**Verdict: {subject}**", markdown, StringComparison.Ordinal);
        Assert.All(output.Verdict.Where(l => l.Length > 0), line => Assert.StartsWith($"Verdict: {subject}: ", line, StringComparison.Ordinal));
        Assert.Contains($"<h1>RpcCompare report: {subject}</h1>", await File.ReadAllTextAsync(temp.Combine("report.html")),
            StringComparison.Ordinal);
    }

    /// <summary>The title of the comparison of the runs in temp's folders a (before) and b (after).</summary>
    public static async Task<string> ComparisonTitleAsync(TempFolder temp)
    {
        await CompareWriter.WriteAsync(temp.Combine("a"), temp.Combine("b"), temp.Combine("compare"),
            new CompareOptions { Png = new PngOptions { Enabled = false } }, CancellationToken.None);
        return (await File.ReadAllLinesAsync(temp.Combine("compare", "compare.md")))[0];
    }
}
