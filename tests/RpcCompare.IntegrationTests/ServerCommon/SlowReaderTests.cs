using System.Diagnostics;
using System.Net;
using RpcCompare.Contracts;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Stacks;
using Xunit.Abstractions;

namespace RpcCompare.IntegrationTests.ServerCommon;

/// <summary>
/// A client that reads slowly on purpose makes the host wait to write, and the host says so: its write wait, not its
/// server work, holds the delay. HTTP/2 (REST's h2c endpoint) makes that deterministic: the client's stream window
/// (64 KiB) and Kestrel's response buffer (64 KiB) are all a host may send ahead, so an answer of megabytes waits for
/// the reader (over HTTP/1.1, socket buffers of a size the kernel picks would hold an unknown share of it).
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class SlowReaderTests(DatabaseFixture db, ITestOutputHelper output)
{
    private const int ReadSize = 16 * 1024;
    private static readonly TimeSpan ReadDelay = TimeSpan.FromMilliseconds(5);

    [Fact]
    public async Task ASlowReaderMovesTimeIntoWaitingNotServerWork()
    {
        var host = await db.HostAsync(StackCatalog.Rest);
        var client = (await db.ClientsAsync())[StackCatalog.Rest];
        await using var monitor = new CounterMonitor(host.Pid, new CounterMonitorOptions { ServerTimings = true });
        await monitor.StartAsync();
        // Preparing the snapshot is a call of its own: once its write wait has been read, the session delivers timings and
        // every interval that ends after this point holds the slow call's only (the fixture's host serves this test alone).
        var snapshot = await client.PrepareSnapshotAsync(GraphContract.BulkSnapshotSize, default);
        await Eventually.TrueAsync(() => monitor.GetTimings().Any(t => t.Timing == ServerTiming.WriteWait && t.Count > 0),
            "the host's write-wait timing", pollMilliseconds: 50);
        long from = Stopwatch.GetTimestamp();

        var url = $"{host.Ready.Endpoints[EndpointNames.H2c]}/api/snapshots/{snapshot.Id}/records?count={GraphContract.BulkSnapshotSize}";
        var (bytes, injected) = await ReadSlowlyAsync(url);
        long to = Stopwatch.GetTimestamp();

        var timings = (await monitor.TimingsUntilAsync(to + Stopwatch.Frequency)).Where(t => t.Timestamp > from).ToList();
        var request = OneCall(timings, ServerTiming.Request);
        var wait = OneCall(timings, ServerTiming.WriteWait);
        var query = OneCall(timings, ServerTiming.Query);
        var serverWork = request - query - wait;
        var text = $"{bytes:N0} bytes read with {injected.TotalSeconds:F3} s of delays; host: request {request:F3} s, " +
            $"query {query:F3} s, write wait {wait:F3} s, server work {serverWork:F3} s";
        output.WriteLine(text);

        Assert.True(bytes > 1_000_000, text);
        Assert.True(wait >= 0.5 * request, text);
        Assert.True(wait >= 0.5 * injected.TotalSeconds, text);
        Assert.True(serverWork < wait, text);
    }

    /// <summary>The seconds of the one call the host recorded in <paramref name="timings"/> for <paramref name="timing"/>.</summary>
    private static double OneCall(List<ServerTimingReading> timings, ServerTiming timing)
    {
        var recorded = timings.Where(t => t.Timing == timing && t.Count > 0).ToList();
        Assert.True(recorded.Sum(t => t.Count) == 1,
            $"{timing}: {recorded.Sum(t => t.Count)} calls recorded after the slow call started, expected exactly it");
        return recorded.Sum(t => t.SumSeconds);
    }

    /// <summary>Reads the answer a slice at a time with a pause before each slice; returns its size and the pauses' total.</summary>
    private static async Task<(long Bytes, TimeSpan Injected)> ReadSlowlyAsync(string url)
    {
        using var http = new HttpClient(new SocketsHttpHandler())
        {
            DefaultRequestVersion = HttpVersion.Version20,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
        using var response = await http.GetAsync(new Uri(url), HttpCompletionOption.ResponseHeadersRead);
        response.EnsureSuccessStatusCode();
        await using var body = await response.Content.ReadAsStreamAsync();
        var buffer = new byte[ReadSize];
        long bytes = 0;
        var injected = TimeSpan.Zero;
        while (true)
        {
            long paused = Stopwatch.GetTimestamp();
            await Task.Delay(ReadDelay);
            injected += Stopwatch.GetElapsedTime(paused);
            var read = await body.ReadAsync(buffer);
            if (read == 0)
            {
                return (bytes, injected);
            }
            bytes += read;
        }
    }
}
