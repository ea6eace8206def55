using System.Text.Json;
using RpcCompare.LoadClient.Crank;

namespace RpcCompare.UnitTests.Crank;

public sealed class CrankJobTests : IDisposable
{
    private static readonly DateTime Finished = new(2026, 11, 22, 10, 19, 30, DateTimeKind.Utc);
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task NothingIsPrintedWithoutCranksVariables()
    {
        var folder = await SyntheticResults.CreateAsync(_temp.Path, SyntheticResults.FourStacks(50));
        using var output = new StringWriter();
        using var warnings = new StringWriter();

        await CrankJob.ReportAsync([folder], _ => null, output, warnings, Finished);

        Assert.Equal("", output.ToString());
        Assert.Equal("", warnings.ToString());
    }

    [Theory]
    [InlineData("CRANK_AGENT_URL")]
    [InlineData("CRANK_JOB_ID")]
    [InlineData("CRANK_JOB_URL")]
    [InlineData("CRANK_JOB_LOCAL_URL")]
    public async Task UnderCranksAgentTheRunsStatisticsArePrinted(string variable)
    {
        var folder = await SyntheticResults.CreateAsync(_temp.Path, SyntheticResults.FourStacks(50));
        using var output = new StringWriter();
        using var warnings = new StringWriter();

        await CrankJob.ReportAsync([folder], name => name == variable ? "7" : null, output, warnings, Finished);

        var lines = output.ToString().Split('\n');
        Assert.Equal(CrankStatistics.StartMarker, lines[0]);
        Assert.Equal(CrankStatistics.EndMarker, lines[^2]);
        using var document = JsonDocument.Parse(string.Join('\n', lines[1..^2]));
        var histograms = document.RootElement.GetProperty("Measurements").EnumerateArray()
            .Where(m => m.GetProperty("name").GetString()!.EndsWith(CrankStatistics.HistogramSuffix, StringComparison.Ordinal))
            .ToDictionary(m => m.GetProperty("name").GetString()!, m => m.GetProperty("value").GetString()!);
        string[] expected = ["rpccompare/grpc/histogram", "rpccompare/wcf/histogram", "rpccompare/rest/histogram", "rpccompare/graphql/histogram"];
        Assert.Equal(expected, histograms.Keys);
        Assert.All(histograms.Values, text => Assert.Equal("50", text.Split(' ')[5]));
        Assert.Equal("", warnings.ToString());
    }

    [Fact]
    public async Task AMissingIntervalLogCostsOnlyThatEntrysHistogram()
    {
        var folder = await SyntheticResults.CreateAsync(_temp.Path, SyntheticResults.FourStacks(50));
        File.Delete(Path.Combine(folder, "intervals-wcf.hlog"));
        using var output = new StringWriter();
        using var warnings = new StringWriter();

        await CrankJob.ReportAsync([folder], name => name == "CRANK_JOB_ID" ? "7" : null, output, warnings, Finished);

        Assert.DoesNotContain("rpccompare/wcf/histogram", output.ToString(), StringComparison.Ordinal);
        Assert.Contains("\"rpccompare/wcf/p99\"", output.ToString(), StringComparison.Ordinal);
        Assert.Contains("rpccompare/grpc/histogram", output.ToString(), StringComparison.Ordinal);
        Assert.Contains("intervals-wcf.hlog", warnings.ToString(), StringComparison.Ordinal);
    }

    public void Dispose() => _temp.Dispose();
}
