using RpcCompare.Reports;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Reports.Reporting;

/// <summary>Reports write only into real folders of a results folder, and never through a link planted in one.</summary>
public sealed class OutputFolderTests : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task AChartsLinkIsRefusedWithNothingWritten()
    {
        var run = await RunAsync("run");
        Directory.CreateSymbolicLink(Path.Combine(run, "charts"), Elsewhere());

        var error = await Assert.ThrowsAsync<ReportInputException>(() => ReportWriter.WriteAsync(run, new ReportOptions(), CancellationToken.None));

        Assert.Equal($"{Path.Combine(run, "charts")} is a symbolic link (to {Elsewhere()}); reports write only into real folders, " +
            "so remove the link and run again (nothing was written there).", error.Message);
        Assert.Empty(Directory.EnumerateFileSystemEntries(Elsewhere()));
        Assert.False(File.Exists(Path.Combine(run, "report.html")));
    }

    [Fact]
    public async Task AChartsFileIsRefused()
    {
        var run = await RunAsync("run");
        await File.WriteAllTextAsync(Path.Combine(run, "charts"), "not a folder");

        var error = await Assert.ThrowsAsync<ReportInputException>(() => ReportWriter.WriteAsync(run, new ReportOptions(), CancellationToken.None));

        Assert.Equal($"{Path.Combine(run, "charts")} is a file, not a folder; reports write their files into a folder of that name, " +
            "so move it and run again.", error.Message);
    }

    [Fact]
    public async Task ACompareWithLinkIsRefusedWithNothingWritten()
    {
        var a = await RunAsync("a");
        var b = await RunAsync("b");
        var target = Path.Combine(b, "compare-with-a");
        Directory.CreateSymbolicLink(target, Elsewhere());

        var error = await Assert.ThrowsAsync<ReportInputException>(() => CompareWriter.WriteAsync(a, b, target, new CompareOptions(), CancellationToken.None));

        Assert.StartsWith($"{target} is a symbolic link (to {Elsewhere()})", error.Message, StringComparison.Ordinal);
        Assert.Empty(Directory.EnumerateFileSystemEntries(Elsewhere()));
    }

    [Fact]
    public async Task ASummaryLinkIsReplacedNotWrittenThrough()
    {
        var run = await RunAsync("run");
        var victim = Path.Combine(Elsewhere(), "victim.txt");
        await File.WriteAllTextAsync(victim, "keep");
        File.CreateSymbolicLink(Path.Combine(run, "summary.md"), victim);

        await ReportWriter.WriteAsync(run, new ReportOptions { Png = new PngOptions { Enabled = false } }, CancellationToken.None);

        Assert.Equal("keep", await File.ReadAllTextAsync(victim));
        Assert.Null(new FileInfo(Path.Combine(run, "summary.md")).LinkTarget);
        Assert.StartsWith("# RpcCompare report", await File.ReadAllTextAsync(Path.Combine(run, "summary.md")), StringComparison.Ordinal);
    }

    private Task<string> RunAsync(string name) => SyntheticResults.CreateAsync(_temp.Combine(name), SyntheticResults.FourStacks(50));

    private string Elsewhere() => Directory.CreateDirectory(_temp.Combine("elsewhere")).FullName;

    public void Dispose() => _temp.Dispose();
}
