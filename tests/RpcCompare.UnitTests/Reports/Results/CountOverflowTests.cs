using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Merging;
using RpcCompare.Reports.Results;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Reports.Results;

/// <summary>Counts no run makes are refused with a sentence naming the file and the field, never an OverflowException.</summary>
public class CountOverflowTests
{
    [Fact]
    public async Task TrialCountsThatOverflowTheirSumAreNamed()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, [new("grpc", "", 5, 8.0) { TrialMedians = [8.0, 9.0] }]);
        await ResultsFolderFileTests.EditSummaryAsync(temp.Path, summary =>
        {
            summary["entries"]![0]!["trials"]![0]!["requests"] = long.MaxValue;
            summary["entries"]![0]!["trials"]![1]!["requests"] = long.MaxValue;
        });

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.Equal($"{temp.Combine("summary.json")}: entries[0] (grpc).trials[0].requests is {long.MaxValue}, more than a run can make (at most 1000000000000).",
            error.Message);
    }

    [Fact]
    public async Task CountBeyondALongIsNamed()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        var path = temp.Combine("summary.json");
        await ResultsFolderFileTests.EditSummaryAsync(temp.Path, summary => summary["entries"]![0]!["requests"] = System.Text.Json.Nodes.JsonNode.Parse("1e30"));

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.StartsWith($"{path}: the content does not match the results format: ", error.Message);
        Assert.Contains("Path: $.entries[0].requests", error.Message);
    }

    [Fact]
    public async Task ClientsErrorsThatWouldOverflowTheMergeAreNamed()
    {
        using var temp = new TempFolder();
        var a = await new ClientRun { Errors = 2_500_000_000_000_000_000 }.WriteAsync(temp.Combine("a"));
        var b = await new ClientRun { Seed = 2 }.WriteAsync(temp.Combine("b"));

        var error = await Assert.ThrowsAsync<UserFacingException>(() => ResultsMerger.MergeAsync([a, b], temp.Combine("merged"), CancellationToken.None));

        Assert.Equal($"{Path.Combine(a, "summary.json")}: entries[0] (grpc).errors is 5000000000000000000, more than a run can make (at most 1000000000000).",
            error.Message);
    }
}
