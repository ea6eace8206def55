using RpcCompare.Reports.Results;
using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Sockets;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Measurement;

namespace RpcCompare.IntegrationTests.Measurement.Counters;

/// <summary>CounterMonitor against a real child .NET process that allocates and talks TCP on loopback.</summary>
public sealed class CounterMonitorTests : IDisposable
{
    private const int OneMegabyte = 1024 * 1024;

    private readonly CancellationTokenSource _hangGuard = new(TimeSpan.FromMinutes(2));

    public void Dispose() => _hangGuard.Dispose();

    [Fact]
    public async Task SocketBytesKeepTheirDirection()
    {
        // Arrange: the target connects to us and sends 1 MB once we send it one byte.
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        int port = ((IPEndPoint)listener.LocalEndpoint).Port;
        using var target = CounterTargetProcess.Start(["send", port.ToString(CultureInfo.InvariantCulture), OneMegabyte.ToString(CultureInfo.InvariantCulture)]);
        using var connection = await listener.AcceptTcpClientAsync(_hangGuard.Token);
        var stream = connection.GetStream();
        await using var monitor = new CounterMonitor(target.Id);
        await monitor.StartAsync(_hangGuard.Token);
        await Eventually.TrueAsync(() => monitor.GetSamples().Any(s => s.BytesSent is not null), "the socket counters' baseline");

        // Act: the transfer happens entirely inside the "send" window.
        monitor.SetVariant("send");
        await Eventually.TrueAsync(() => monitor.GetSamples().Any(s => s.Variant == "send"), "a sample of the send window");
        await stream.WriteAsync(new byte[] { 1 }, _hangGuard.Token);
        await ReceiveAsync(stream, OneMegabyte);
        long received = Stopwatch.GetTimestamp();
        long interval = Stopwatch.Frequency / 2;
        await Eventually.TrueAsync(
            () => monitor.GetSamples().Any(s => s.Timestamp - interval > received + (Stopwatch.Frequency / 10)),
            "a sample whose interval starts after the transfer");
        monitor.SetVariant("quiet");
        await Eventually.TrueAsync(() => monitor.GetSamples().Any(s => s.Variant == "quiet"), "a sample of the quiet window");
        await monitor.StopAsync(_hangGuard.Token);
        var samples = monitor.GetSamples();

        // Assert: the server-side view: it sent the megabyte and received only the one byte.
        var send = monitor.Summarize("send");
        Assert.Equal(OneMegabyte, send.BytesSent);
        Assert.Equal(1, send.BytesReceived);
        Assert.Equal(OneMegabyte, samples.Sum(s => s.BytesSent ?? 0));
        Assert.Equal(1, samples.Sum(s => s.BytesReceived ?? 0));
        Assert.Equal(0, monitor.Summarize("quiet").BytesSent);
        Assert.Equal(OneMegabyte, send.ResponseBytesPerRequest(1));
        Assert.Equal(1, send.RequestBytesPerRequest(1));

        Assert.Contains(samples, s => s.WorkingSetMb > 0);
        Assert.Contains(samples, s => s.GcHeapMb > 0);
        Assert.Contains(samples, s => s.CpuPercent > 0);
        Assert.True(samples.Sum(s => s.AllocatedBytes ?? 0) > 0);
        Assert.True(samples.Sum(s => s.Gen2Collections ?? 0) > 0);
        Assert.True(send.PeakWorkingSetMb > 0);
        Assert.True(send.AllocatedBytes > 0);
        Assert.All(samples, s => Assert.InRange(s.Timestamp, monitor.StartTimestamp, Stopwatch.GetTimestamp()));
        Assert.Equal(samples.OrderBy(s => s.Timestamp), samples);
        Assert.False(monitor.TargetExited);
        Assert.Null(monitor.ProcessingError);
    }

    [Fact]
    public async Task CountersCsvHoldsEverySample()
    {
        using var target = CounterTargetProcess.Start(["idle"]);
        await using var monitor = new CounterMonitor(target.Id);
        await monitor.StartAsync(_hangGuard.Token);
        monitor.SetVariant("x=1000");
        await Eventually.TrueAsync(() => monitor.GetSamples().Count(s => s.Variant == "x=1000") >= 2, "two samples");
        await monitor.StopAsync(_hangGuard.Token);
        string folder = Directory.CreateTempSubdirectory("counters-").FullName;
        try
        {
            string path = Path.Combine(folder, ResultFileNames.Counters("grpc"));

            await monitor.WriteCsvAsync(path, _hangGuard.Token);

            var lines = await File.ReadAllLinesAsync(path, _hangGuard.Token);
            Assert.Equal(RpcCompare.Reports.Results.CountersCsv.Header, lines[0]);
            Assert.Equal(monitor.SampleCount + 1, lines.Length);
            Assert.All(lines.Skip(1), line => Assert.Equal(11, line.Split(',').Length));
            Assert.Contains(lines, line => line.Split(',')[1] == "x=1000");
            Assert.Equal(["counters-grpc.csv"], Directory.GetFiles(folder).Select(Path.GetFileName));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task StopsCleanlyWhenTheTargetIsKilled()
    {
        // Started at once: the monitor must wait for the diagnostic port to appear.
        using var target = CounterTargetProcess.Start(["idle"]);
        await using var monitor = new CounterMonitor(target.Id, new CounterMonitorOptions { StopTimeout = TimeSpan.FromSeconds(2) });
        await monitor.StartAsync(_hangGuard.Token);
        await Eventually.TrueAsync(() => monitor.SampleCount >= 2, "two samples");

        target.Kill();
        await monitor.StopAsync(_hangGuard.Token).WaitAsync(_hangGuard.Token);

        Assert.True(monitor.TargetExited);
        Assert.Null(monitor.ProcessingError);
        Assert.True(monitor.SampleCount >= 2);
        Assert.Equal(monitor.SampleCount, monitor.GetSamples().Count);
        await monitor.StopAsync(_hangGuard.Token);
    }

    [Fact]
    public async Task StartGivesUpClearlyWhenTheTargetHasNoDiagnosticPort()
    {
        using var target = CounterTargetProcess.Start(["idle"], new Dictionary<string, string> { ["DOTNET_EnableDiagnostics"] = "0" });
        await using var monitor = new CounterMonitor(target.Id, new CounterMonitorOptions { ConnectTimeout = TimeSpan.FromSeconds(1) });

        var error = await Assert.ThrowsAsync<TimeoutException>(() => monitor.StartAsync(_hangGuard.Token));

        Assert.Contains(target.Id.ToString(CultureInfo.InvariantCulture), error.Message);
        Assert.Contains("diagnostic port", error.Message);
    }

    [Fact]
    public async Task StartRejectsAProcessThatDoesNotExist()
    {
        await using var monitor = new CounterMonitor(int.MaxValue);

        var error = await Assert.ThrowsAsync<ArgumentException>(() => monitor.StartAsync(_hangGuard.Token));

        Assert.Contains(int.MaxValue.ToString(CultureInfo.InvariantCulture), error.Message);
    }

    private async Task ReceiveAsync(NetworkStream stream, int count)
    {
        var buffer = new byte[64 * 1024];
        for (int total = 0; total < count;)
        {
            int read = await stream.ReadAsync(buffer, _hangGuard.Token);
            Assert.NotEqual(0, read);
            total += read;
        }
    }
}
