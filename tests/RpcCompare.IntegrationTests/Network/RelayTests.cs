using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using RpcCompare.Network;

namespace RpcCompare.IntegrationTests.Network;

/// <summary>The emulated link on real sockets: what crosses it arrives unchanged and in order, at the link's rate and delay.</summary>
public sealed class RelayTests
{
    private static NetworkProfile Profile(string text) =>
        NetworkProfile.TryParse(text, out var profile, out var error) ? profile : throw new ArgumentException(error);

    // Timing on a shared machine: the link's delay and rate give lower bounds nothing can beat, and those are the only
    // times asserted; above them a busy machine may add any amount. That the link was applied once, not twice, is read
    // from its exact counts (bytes, segments, and the sending time its rate gave them), which no load can change.

    [Fact]
    public async Task TenMegabytesAtOneHundredMegabitsArriveInFourFifthsOfASecond()
    {
        const int Size = 10_000_000;
        await using var server = OneShotServer.Start(async socket =>
        {
            await socket.SendAsync(new byte[Size]);
            socket.Shutdown(SocketShutdown.Send);
        });
        await using var relay = TcpRelay.Start(Profile("rate=100mbit"), [server.Address]);

        var direct = await TimeDownloadAsync(server.Address, Size);
        var shaped = await TimeDownloadAsync(relay.Addresses[server.Address], Size);

        // 80,000,000 bits at 100,000,000 bits per second: 0.8 s at the least, and exactly 0.8 s of sending on the down
        // direction (at half the rate, or sent twice, it would be 1.6 s); nothing crossed the other way.
        Assert.True(shaped.TotalSeconds >= 0.8, $"{shaped.TotalSeconds:F3} s at 100 Mbit/s ({direct.TotalSeconds:F3} s without the link)");
        Assert.Equal(Size, relay.Down.Bytes);
        Assert.Equal(0.8, relay.Down.Sending.TotalSeconds, 3);
        Assert.Equal(0, relay.Up.Bytes);
    }

    [Fact]
    public async Task BytesCrossUnchangedAndInOrderBothWays()
    {
        var payload = new byte[3_000_000];
        new Random(42).NextBytes(payload);
        await using var server = OneShotServer.Start(async socket =>
        {
            // An echo: every byte back as it comes, then a close once the client has closed its side.
            var buffer = new byte[70_000];
            int read;
            while ((read = await socket.ReceiveAsync(buffer)) > 0)
            {
                await socket.SendAsync(buffer.AsMemory(0, read));
            }
            socket.Shutdown(SocketShutdown.Send);
        });
        await using var relay = TcpRelay.Start(Profile("delay=1ms,rate=1gbit"), [server.Address]);

        using var client = await ConnectAsync(relay.Addresses[server.Address]);
        var reading = ReadToEndAsync(client);
        // Many writes of odd sizes, so any reordering of segments would show in the bytes.
        for (var offset = 0; offset < payload.Length;)
        {
            var count = (int)Math.Min(payload.Length - offset, 1 + (offset * 7919L % 20_000));
            await client.SendAsync(payload.AsMemory(offset, count));
            offset += count;
        }
        client.Shutdown(SocketShutdown.Send);

        Assert.Equal(payload, await reading);
    }

    [Fact]
    public async Task ARoundTripPaysTheDelayOnceEachWay()
    {
        await using var server = OneShotServer.Start(EchoAsync);
        await using var relay = TcpRelay.Start(Profile("delay=10ms"), [server.Address]);

        var direct = await MedianRoundTripAsync(server.Address);
        var delayed = await MedianRoundTripAsync(relay.Addresses[server.Address]);

        // Two 10 ms legs: 20 ms at the least. Each of the 40 one-byte messages crossed each direction once (a leg taken
        // twice would show in the counts), and with no rate set, sending took no time.
        Assert.True(delayed >= 20, $"median round trip {delayed:F2} ms across two 10 ms legs ({direct:F2} ms without the link)");
        Assert.Equal(40, relay.Up.Bytes);
        Assert.Equal(40, relay.Down.Bytes);
        Assert.Equal(TimeSpan.Zero, relay.Up.Sending + relay.Down.Sending);
    }

    [Fact]
    public async Task ACalibrationDelayHoldsEveryCallAtLeastThatLong()
    {
        await using var server = OneShotServer.Start(EchoAsync);
        await using var plain = TcpRelay.Start(NetworkProfile.Loopback, [server.Address]);
        await using var slowed = TcpRelay.Start(NetworkProfile.Loopback, [server.Address], calibrationDelay: TimeSpan.FromMilliseconds(5));

        var fastest = await RoundTripsAsync(slowed.Addresses[server.Address]);

        // Every request waits 5 ms on the way to the server, the answer nothing: even the quickest of the 40 round trips
        // took 5 ms. Each byte crossed each direction once. A relay started without the switch holds nothing extra.
        Assert.True(fastest.Min() >= 5, $"fastest round trip {fastest.Min():F2} ms with 5 ms held on the way up");
        Assert.Equal((40, 40), (slowed.Up.Bytes, slowed.Down.Bytes));
        Assert.Equal(TimeSpan.FromMilliseconds(5), slowed.CalibrationDelay);
        Assert.Equal(TimeSpan.Zero, plain.CalibrationDelay);
    }

    private static async Task EchoAsync(Socket socket)
    {
        var buffer = new byte[16];
        int read;
        while ((read = await socket.ReceiveAsync(buffer)) > 0)
        {
            await socket.SendAsync(buffer.AsMemory(0, read));
        }
    }

    [Fact]
    public void ASegmentIsDueOneDelayAfterItWasSentWhateverTheMachineDoes()
    {
        using var link = new LinkDirection("test", TimeSpan.FromMilliseconds(10), bitsPerSecond: 0);
        var delay = Stopwatch.Frequency / 100;

        // The link reads the clock once inside Send, between these two readings: exact bounds, no sleeping involved.
        var before = Stopwatch.GetTimestamp();
        var due = link.Send(1, () => { });
        var after = Stopwatch.GetTimestamp();

        Assert.InRange(due - delay, before, after);
    }

    [Fact]
    public async Task AHoldComesOnTopOfTheDelay()
    {
        using var link = new LinkDirection("test", TimeSpan.FromMilliseconds(3), bitsPerSecond: 0, hold: TimeSpan.FromMilliseconds(2));
        var delivered = new TaskCompletionSource<long>(TaskCreationOptions.RunContinuationsAsynchronously);

        var sent = Stopwatch.GetTimestamp();
        link.Send(1, () => delivered.SetResult(Stopwatch.GetTimestamp()));

        Assert.True(Stopwatch.GetElapsedTime(sent, await delivered.Task) >= TimeSpan.FromMilliseconds(5));
    }

    private static async Task<double> MedianRoundTripAsync(string address)
    {
        var times = await RoundTripsAsync(address);
        times.Sort();
        return times[times.Count / 2];
    }

    /// <summary>40 one-byte echoes in turn: each one's round trip in milliseconds.</summary>
    private static async Task<List<double>> RoundTripsAsync(string address)
    {
        using var client = await ConnectAsync(address);
        var times = new List<double>();
        var reply = new byte[1];
        for (var i = 0; i < 40; i++)
        {
            var clock = Stopwatch.StartNew();
            await client.SendAsync(new byte[] { (byte)i });
            Assert.Equal(1, await client.ReceiveAsync(reply));
            Assert.Equal((byte)i, reply[0]);
            times.Add(clock.Elapsed.TotalMilliseconds);
        }
        return times;
    }

    private static async Task<TimeSpan> TimeDownloadAsync(string address, int size)
    {
        using var client = await ConnectAsync(address);
        var clock = Stopwatch.StartNew();
        var received = await ReadToEndAsync(client);
        var elapsed = clock.Elapsed;
        Assert.Equal(size, received.Length);
        return elapsed;
    }

    [Fact]
    public async Task AnUpstreamThatIsNotThereClosesTheClientsConnectionAtOnce()
    {
        var closedPort = UnusedPort();
        await using var relay = TcpRelay.Start(Profile("delay=1ms"), [$"http://127.0.0.1:{closedPort}"]);

        using var client = await ConnectAsync(relay.Addresses[$"http://127.0.0.1:{closedPort}"]);
        var read = ReadToEndAsync(client);

        // A reset or an end of stream, not a hang (the guard only stops a hang; how soon the close comes is not asserted).
        try
        {
            Assert.Empty(await read.WaitAsync(TimeSpan.FromSeconds(60)));
        }
        catch (SocketException)
        {
            // The reset the relay sends: what a client sees when a server is not there.
        }
    }

    [Fact]
    public void AnAddressWithoutAPortIsRefusedByName()
    {
        var error = Assert.Throws<ArgumentException>(() => TcpRelay.Start(Profile("delay=1ms"), ["not an address"]));

        Assert.Contains("'not an address'", error.Message, StringComparison.Ordinal);
    }

    private static async Task<Socket> ConnectAsync(string address)
    {
        var uri = new Uri(address);
        var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        await socket.ConnectAsync(IPAddress.Loopback, uri.Port);
        return socket;
    }

    private static async Task<byte[]> ReadToEndAsync(Socket socket)
    {
        using var all = new MemoryStream();
        var buffer = new byte[1 << 16];
        int read;
        while ((read = await socket.ReceiveAsync(buffer)) > 0)
        {
            all.Write(buffer, 0, read);
        }
        return all.ToArray();
    }

    private static int UnusedPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    /// <summary>A listener on 127.0.0.1 that serves each connection with <c>serve</c>.</summary>
    private sealed class OneShotServer : IAsyncDisposable
    {
        private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
        private readonly List<Task> _served = [];
        private Task _accepting = Task.CompletedTask;

        public string Address => $"http://127.0.0.1:{((IPEndPoint)_listener.LocalEndpoint).Port}";

        public static OneShotServer Start(Func<Socket, Task> serve)
        {
            var server = new OneShotServer();
            server._listener.Start();
            server._accepting = server.AcceptAsync(serve);
            return server;
        }

        private async Task AcceptAsync(Func<Socket, Task> serve)
        {
            while (true)
            {
                Socket socket;
                try
                {
                    socket = await _listener.AcceptSocketAsync();
                }
                catch (Exception e) when (e is SocketException or ObjectDisposedException)
                {
                    return;
                }
                _served.Add(Task.Run(async () =>
                {
                    using (socket)
                    {
                        try
                        {
                            await serve(socket);
                        }
                        catch (SocketException)
                        {
                            // The relay resets its connections when it stops first: the test has what it needed by then.
                        }
                    }
                }));
            }
        }

        public async ValueTask DisposeAsync()
        {
            _listener.Stop();
            await _accepting;
            await Task.WhenAll(_served);
        }
    }
}
