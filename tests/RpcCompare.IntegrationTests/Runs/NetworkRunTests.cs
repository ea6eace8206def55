using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Network;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>--network on real hosts: every stack's calls cross the emulated link, and only their timing changes.</summary>
// What it times has a lower bound only (the link's delay), which a busy machine cannot beat: it needs no quiet machine.
[Collection(DatabaseCollection.Name)]
public sealed class NetworkRunTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task APingAcrossTenMillisecondsEachWayTakesTwoDelays()
    {
        var direct = await SettingsAsync("direct", NetworkProfile.Loopback);
        Assert.True(NetworkProfile.TryParse("delay=10ms", out var tenMilliseconds, out var error), error);
        var delayed = await SettingsAsync("delayed", tenMilliseconds);

        Assert.Equal(0, await RunCoordinator.RunAsync(direct, default));
        Assert.Equal(0, await RunCoordinator.RunAsync(delayed, default));

        var before = await ResultsLoader.LoadAsync(direct.OutputFolder, default);
        var after = await ResultsLoader.LoadAsync(delayed.OutputFolder, default);
        Assert.Equal(ResultsFormat.NetworkMechanism.None, before.Manifest.Network!.Mechanism);
        Assert.Equal(ResultsFormat.NetworkMechanism.Relay, after.Manifest.Network!.Mechanism);
        Assert.Equal("delay=10ms", after.Manifest.Network.Profile);
        Assert.Equal(KernelShaping.Probe().Summary, after.Manifest.Network.KernelShaping);
        Assert.All(after.Manifest.Hosts, host => Assert.Contains("relay", host.Address, StringComparison.Ordinal));
        Assert.Equal(StackCatalog.Ids, after.Summary!.Entries.Select(e => e.Stack).Distinct());
        foreach (var entry in after.Summary.Entries)
        {
            var name = $"{entry.Stack} {entry.Variant}";
            Assert.Equal(ResultsFormat.EntryStatus.Ok, entry.Status);
            var plain = before.Summary!.Entries.Single(e => e.Stack == entry.Stack && e.Variant == entry.Variant);
            AssertOneDelayEachWay(name, plain.LatencyMs!.P50, entry.LatencyMs!.P50);
            // The relay forwards bytes, it never adds, drops or reframes them (RelayTests checks that byte for byte), so each
            // call carries what it carried directly. HTTP/2 (gRPC) is the exception the protocol makes: over a longer round
            // trip its client and server exchange a few more control frames (PING for the window estimate), at most one
            // 17-byte frame per call.
            var http2 = StackCatalog.Get(entry.Stack).Endpoint == EndpointNames.Grpc;
            AssertClose(name, "sent", plain.BytesSentPerRequest!.Value, entry.BytesSentPerRequest!.Value, http2);
            AssertClose(name, "received", plain.BytesReceivedPerRequest!.Value, entry.BytesReceivedPerRequest!.Value, http2);
        }
    }

    /// <summary>The link's delay is a lower bound nothing can beat: two 10 ms legs make every round trip at least 20 ms.
    /// Above it a busy shared machine may add any amount to a call, so no upper bound is asserted here; that the relay
    /// applies the delay once a leg is checked from its exact counts in RelayTests.</summary>
    private static void AssertOneDelayEachWay(string name, double directP50, double delayedP50) =>
        Assert.True(delayedP50 >= 20, $"{name}: p50 {delayedP50:F2} ms across two 10 ms legs ({directP50:F2} ms directly)");

    private static void AssertClose(string name, string direction, double direct, double relayed, bool http2)
    {
        var slack = http2 ? 17 : direct * 0.01;
        Assert.True(Math.Abs(relayed - direct) <= slack,
            $"{name}: {direct:F1} B {direction} per request directly, {relayed:F1} B through the relay");
    }

    /// <summary>The fixture's hosts behind the link (a --target gets the relay as a spawned host does): no host start per
    /// stack and run.</summary>
    private async Task<RunSettings> SettingsAsync(string folder, NetworkProfile network) =>
        await db.RunOnFixtureHostsAsync("ping", Path.Combine(_temp.Path, folder)) with
        {
            Requests = 100,
            Threads = 1,
            // No warm-up: both runs then make the same calls (the first and 100 measured), so a session's opening bytes are
            // shared by the same number of calls in each.
            Warmup = TimeSpan.Zero,
            Network = network,
        };

    public void Dispose() => _temp.Dispose();
}
