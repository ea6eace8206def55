using System.Net;
using System.Net.Sockets;
using Microsoft.Extensions.Logging;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

public sealed class ChannelLifecycleTests
{
    [Fact]
    public async Task FirstCallOpensACreatedChannel()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (INetTcpClientChannel)channel;
        Assert.Equal(CommunicationState.Created, control.State);

        Assert.Equal("x", await channel.PingAsync("x"));

        Assert.Equal(CommunicationState.Opened, control.State);
        await control.CloseAsync();
    }

    [Fact]
    public async Task CloseSendsEndAndTheServiceAnswersWithEnd()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (INetTcpClientChannel)channel;
        await control.OpenAsync();
        await channel.PingAsync("x");

        await control.CloseAsync();

        Assert.Equal(CommunicationState.Closed, control.State);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Debug), e => e.Message.Contains("the client ended the session", StringComparison.Ordinal));
        Assert.Empty(host.Logs.NetTcp(LogLevel.Warning));
        await Assert.ThrowsAsync<ObjectDisposedException>(() => channel.PingAsync("closed"));
    }

    [Fact]
    public async Task CloseWaitsForTheCallInProgress()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (INetTcpClientChannel)channel;
        await control.OpenAsync();

        var call = channel.WaitForReleaseAsync("close-waits");
        var closing = control.CloseAsync();
        host.Service.Release("close-waits", "released");

        Assert.Equal("released", await call);
        await closing;
        Assert.Equal(CommunicationState.Closed, control.State);
    }

    [Fact]
    public async Task CallThatOutlivesSendTimeoutThrowsTimeoutExceptionAndFaultsTheChannel()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel(new NetTcpBinding { SendTimeout = TimeSpan.FromMilliseconds(300) });
        var control = (INetTcpClientChannel)channel;
        await control.OpenAsync();

        var timeout = await Assert.ThrowsAsync<TimeoutException>(() => channel.WaitForReleaseAsync("never-in-time"));

        Assert.Contains("SendTimeout", timeout.Message, StringComparison.Ordinal);
        Assert.Equal(CommunicationState.Faulted, control.State);
        await Assert.ThrowsAsync<CommunicationObjectFaultedException>(() => channel.PingAsync("x"));
        await Assert.ThrowsAsync<CommunicationObjectFaultedException>(() => control.CloseAsync());
        control.Abort();
        Assert.Equal(CommunicationState.Closed, control.State);
        host.Service.Release("never-in-time", "late");
        Assert.Equal("fresh", await host.CreateChannel().PingAsync("fresh"));
    }

    [Fact]
    public async Task AbortDuringACallFailsThatCall()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (INetTcpClientChannel)channel;
        await control.OpenAsync();

        var call = channel.WaitForReleaseAsync("aborted");
        control.Abort();

        await Assert.ThrowsAnyAsync<CommunicationException>(() => call);
        Assert.Equal(CommunicationState.Closed, control.State);
        host.Service.Release("aborted", "late");
    }

    [Fact]
    public async Task OpeningAnOpenChannelAgainIsRejected()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var control = (INetTcpClientChannel)host.CreateChannel();
        await using var _ = control;
        await control.OpenAsync();

        await Assert.ThrowsAsync<InvalidOperationException>(() => control.OpenAsync());
    }

    [Fact]
    public async Task OpeningToAPortWithoutListenerFailsWithCommunicationException()
    {
        using var probe = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        probe.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        var port = ((IPEndPoint)probe.LocalEndPoint!).Port;
        var factory = new NetTcpChannelFactory<ITestService>(new NetTcpBinding(), new Uri($"net.tcp://127.0.0.1:{port}/test"), TestContract.Description);
        var control = (INetTcpClientChannel)factory.CreateChannel();

        var error = await Assert.ThrowsAsync<CommunicationException>(() => control.OpenAsync());

        Assert.Contains("Could not connect", error.Message, StringComparison.Ordinal);
        Assert.Equal(CommunicationState.Faulted, control.State);
    }

    [Fact]
    public async Task OpeningAnUnknownPathGetsEndpointNotFound()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var factory = new NetTcpChannelFactory<ITestService>(new NetTcpBinding(), new Uri($"net.tcp://127.0.0.1:{host.Port}/missing"), TestContract.Description);
        var control = (INetTcpClientChannel)factory.CreateChannel();

        var error = await Assert.ThrowsAsync<ProtocolException>(() => control.OpenAsync());

        Assert.Equal("http://schemas.microsoft.com/ws/2006/05/framing/faults/EndpointNotFound", error.FramingFault);
        Assert.Contains("no channel actively listening", error.Message, StringComparison.Ordinal);
        Assert.Equal(CommunicationState.Faulted, control.State);
    }

    [Fact]
    public async Task SessionsBeyondMaxConcurrentSessionsGetServerTooBusy()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.MaxConcurrentSessions = 1);
        var first = (INetTcpClientChannel)host.CreateChannel();
        await first.OpenAsync();

        var second = (INetTcpClientChannel)host.CreateChannel();
        var busy = await Assert.ThrowsAsync<ProtocolException>(() => second.OpenAsync());
        await first.CloseAsync();
        var third = host.CreateChannel();

        Assert.Equal("http://schemas.microsoft.com/ws/2006/05/framing/faults/ServerTooBusy", busy.FramingFault);
        Assert.Equal("ok", await third.PingAsync("ok"));
        await ((INetTcpClientChannel)third).CloseAsync();
    }

    [Fact]
    public async Task IdleSessionIsClosedAfterTheServiceReceiveTimeout()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.ReceiveTimeout = TimeSpan.FromMilliseconds(300));
        var channel = host.CreateChannel();
        var control = (INetTcpClientChannel)channel;
        await control.OpenAsync();

        await WaitUntilAsync(() => host.Logs.NetTcp(LogLevel.Warning).Any(e => e.Message.Contains("ReceiveTimeout", StringComparison.Ordinal)));
        await Assert.ThrowsAnyAsync<CommunicationException>(() => channel.PingAsync("too late"));

        Assert.Equal(CommunicationState.Faulted, control.State);
    }

    [Fact]
    public async Task DisposingAnOpenChannelClosesItGracefully()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (INetTcpClientChannel)channel;
        await channel.PingAsync("x");

        await control.DisposeAsync();

        Assert.Equal(CommunicationState.Closed, control.State);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Debug), e => e.Message.Contains("the client ended the session", StringComparison.Ordinal));
    }

    [Fact]
    public async Task FaultedEventNamesTheProxyAsSender()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel(new NetTcpBinding { SendTimeout = TimeSpan.FromMilliseconds(200) });
        var control = (INetTcpClientChannel)channel;
        object? sender = null;
        control.Faulted += (s, _) => sender = s;

        await Assert.ThrowsAsync<TimeoutException>(() => channel.WaitForReleaseAsync("event"));

        Assert.Same(channel, sender);
        control.Abort();
        host.Service.Release("event", "late");
    }

    private static async Task WaitUntilAsync(Func<bool> condition)
    {
        // A guard against hanging only; the tests assert behaviour, not timing.
        for (var i = 0; i < 600 && !condition(); i++)
        {
            await Task.Delay(50);
        }

        Assert.True(condition(), "the condition did not become true");
    }
}
