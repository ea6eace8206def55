using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.LoadClient.Scenarios;

namespace RpcCompare.UnitTests.Scenarios;

public sealed class RequestMixTests
{
    [Fact]
    public void AMixIsWeightedScenarios()
    {
        var mix = RequestMix.Parse("base-case=70, search=20,bulk-transfer/x=1000=10");

        Assert.Equal(
            [new MixPart("base-case", null, 70), new MixPart("search", null, 20), new MixPart("bulk-transfer", "x=1000", 10)],
            mix.Parts);
        Assert.Equal("base-case 70%, search 20%, bulk-transfer/x=1000 10%", mix.Describe());
    }

    [Theory]
    [InlineData("", "at least one scenario=weight")]
    [InlineData("base-case", "'base-case' is not scenario=weight")]
    [InlineData("base-case=-1", "'base-case=-1' is not scenario=weight")]
    [InlineData("base-case=1.5", "whole weight")]
    [InlineData("all=1", "'all' is not a scenario")]
    [InlineData("ping/=1", "names no variant")]
    [InlineData("ping=1,ping=1", "'ping' is given twice")]
    public void AWrongMixIsNamedInTheError(string text, string expected)
    {
        var error = Assert.Throws<UserFacingException>(() => RequestMix.Parse(text));

        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void DrawsFallInThePartsByWeight()
    {
        var mix = RequestMix.Parse("base-case=3,ping=1");

        Assert.Equal([0, 0, 0, 1], Enumerable.Range(0, mix.TotalWeight).Select(mix.PartAt));
        Assert.Throws<ArgumentOutOfRangeException>(() => mix.PartAt(4));
    }

    [Fact]
    public async Task AFollowerMeasuresOverTheWindowOfTheRecorderItFollows()
    {
        await using var whole = new LatencyRecorder();
        await using var part = new LatencyRecorder();
        whole.Follow(part);
        var worker = part.CreateWorker();

        worker.RecordSuccess(0, 10);
        whole.BeginMeasurement(100);
        worker.RecordSuccess(150, 200);
        whole.EndMeasurement(300);
        worker.RecordSuccess(350, 400);
        var result = await part.CompleteAsync();

        Assert.Equal(1, result.Requests);
        Assert.Equal(1, result.WarmUpRequests);
        Assert.Equal(300, result.MeasureEndTimestamp);
        await using var late = new LatencyRecorder();
        Assert.Throws<InvalidOperationException>(() => whole.Follow(late));
    }
}
