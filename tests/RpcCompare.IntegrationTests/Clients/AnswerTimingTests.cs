using RpcCompare.Contracts;
using RpcCompare.Stacks;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Measurement;
using Xunit.Abstractions;

namespace RpcCompare.IntegrationTests.Clients;

/// <summary>
/// Every stack's client measures its own decoding of an answer (<see cref="CallTiming"/>), and a bigger answer takes it
/// longer: the tiny dataset's bulk snapshot (4,000 wide records) read as 40 records and as all of them, and a hub's
/// streamed links against a small node's. Medians of several calls each, after the decoders have been compiled.
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class AnswerTimingTests(DatabaseFixture db, ITestOutputHelper output)
{
    private const int Rounds = 5;

    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task DecodeTimeGrowsWithTheAnswersSize(string stack)
    {
        var client = (await db.ClientsAsync())[stack];
        var snapshot = await client.PrepareSnapshotAsync(GraphContract.BulkSnapshotSize, default);

        var (small, big) = await MeasureAsync(
            () => client.GetRecordsAsync(snapshot.Id, GraphContract.BulkSnapshotSize / 100, default),
            () => client.GetRecordsAsync(snapshot.Id, GraphContract.BulkSnapshotSize, default));

        AssertGrows(stack, small, big);
    }

    [Theory]
    [MemberData(nameof(StackData.Streaming), MemberType = typeof(StackData))]
    public async Task AStreamsDecodeTimeGrowsWithItsLength(string stack)
    {
        var client = (await db.ClientsAsync())[stack];
        var hub = db.Generator.HubIds[0];
        var few = await db.ScalarAsync<long>("SELECT min(id) FROM nodes WHERE link_count BETWEEN 5 AND 20");

        var (small, big) = await MeasureAsync(
            () => client.StreamLinksAsync(few, default),
            () => client.StreamLinksAsync(hub, default));

        AssertGrows(stack, small, big);
    }

    /// <summary>The median decode and receive of each call, alternated, after one unmeasured round of both.</summary>
    private static async Task<(Measured Small, Measured Big)> MeasureAsync<T>(Func<Task<T>> small, Func<Task<T>> big)
    {
        await small();
        await big();
        var timing = new CallTiming();
        CallTiming.Current = timing;
        var smalls = new List<Measured>();
        var bigs = new List<Measured>();
        for (var i = 0; i < Rounds; i++)
        {
            smalls.Add(await OneAsync(timing, small));
            bigs.Add(await OneAsync(timing, big));
        }
        CallTiming.Current = null;
        return (Median(smalls), Median(bigs));
    }

    private static async Task<Measured> OneAsync<T>(CallTiming timing, Func<Task<T>> call)
    {
        timing.Reset();
        await call();
        return new Measured(timing.DecodeTicks, timing.ReceiveTicks);
    }

    private static Measured Median(List<Measured> all) =>
        new(all.Select(m => m.Decode).Order().ElementAt(all.Count / 2), all.Select(m => m.Receive).Order().ElementAt(all.Count / 2));

    private void AssertGrows(string stack, Measured small, Measured big)
    {
        output.WriteLine($"{stack}: decode {Ms(small.Decode)} ms small, {Ms(big.Decode)} ms big; " +
            $"receive {Ms(small.Receive)} ms small, {Ms(big.Receive)} ms big (medians of {Rounds})");
        Assert.True(small.Decode > 0, $"{stack}: the small answer's decode was {small.Decode} ticks");
        Assert.True(big.Decode > small.Decode, $"{stack}: decode of the big answer {big.Decode} ticks, of the small one {small.Decode}");
        if (stack == StackCatalog.Wcf)
        {
            // NetTcp's transport shows no first byte: receive is not measured there.
            Assert.Equal(CallTiming.NotMeasured, big.Receive);
            Assert.Equal(CallTiming.NotMeasured, small.Receive);
        }
        else
        {
            // wcf-http: from the response headers to the buffered body reaching WCF's message inspectors.
            Assert.True(small.Receive > 0, $"{stack}: the small answer's receive was {small.Receive} ticks");
            Assert.True(big.Receive > 0, $"{stack}: the big answer's receive was {big.Receive} ticks");
        }
    }

    private static string Ms(long ticks) => ticks < 0 ? "-" : LatencyUnits.TicksToMilliseconds(ticks).ToString("0.###", System.Globalization.CultureInfo.InvariantCulture);

    private sealed record Measured(long Decode, long Receive);
}
