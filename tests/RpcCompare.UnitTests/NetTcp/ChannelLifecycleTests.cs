using System.ServiceModel;
using Microsoft.Extensions.Logging;
using RpcCompare.UnitTests.Support.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

public sealed class ChannelLifecycleTests
{
    [Fact]
    public async Task FirstCallOpensACreatedChannel()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (ICommunicationObject)channel;
        Assert.Equal(CommunicationState.Created, control.State);

        Assert.Equal("x", await channel.PingAsync("x"));

        Assert.Equal(CommunicationState.Opened, control.State);
        await control.CloseAsync();
    }

    [Fact]
    public async Task CloseIsAnsweredWithEnd()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (ICommunicationObject)channel;
        await control.OpenAsync();
        await channel.PingAsync("x");

        // WCF's Close sends End and completes only when the service's End arrives.
        await control.CloseAsync();

        Assert.Equal(CommunicationState.Closed, control.State);
        Assert.Empty(host.Logs.NetTcp(LogLevel.Warning));
        await Assert.ThrowsAsync<ObjectDisposedException>(() => channel.PingAsync("closed"));
    }

    /// <summary>
    /// WCF's client returns a connection to its pool when a channel closes and starts the next channel's session on it with
    /// a new preamble: the service keeps the connection after End and serves that session.
    /// </summary>
    [Fact]
    public async Task SequentialChannelsOfOneFactoryShareOneConnection()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var factory = host.CreateFactory<ITestService>(null, host.Address);

        for (var i = 0; i < 5; i++)
        {
            var channel = factory.CreateChannel();
            Assert.Equal($"call {i}", await channel.PingAsync($"call {i}"));
            await ((ICommunicationObject)channel).CloseAsync();
        }

        Assert.Equal(1, host.ConnectionsAccepted);
        Assert.Empty(host.Logs.NetTcp(LogLevel.Warning));
    }

    [Fact]
    public async Task CloseWaitsForTheCallInProgress()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (ICommunicationObject)channel;
        await control.OpenAsync();

        var call = channel.WaitForReleaseAsync("close-waits");
        var closing = control.CloseAsync();
        host.Service.Release("close-waits", "released");

        Assert.Equal("released", await call);
        await closing;
        Assert.Equal(CommunicationState.Closed, control.State);
    }

    /// <summary>
    /// WCF's client gives up on the call but keeps the channel: the service answers a session's requests in order, so once
    /// the slow call completes its late reply (which the client drops) is sent and the channel is served again.
    /// </summary>
    [Fact]
    public async Task CallOutlivingSendTimeoutThrowsTimeoutException()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var binding = NetTcpTestHost.ClientBinding();
        binding.SendTimeout = TimeSpan.FromMilliseconds(300);
        var channel = host.CreateChannel(binding);
        var control = (ICommunicationObject)channel;
        await control.OpenAsync();

        var timeout = await Assert.ThrowsAsync<TimeoutException>(() => channel.WaitForReleaseAsync("never-in-time"));

        Assert.Contains("did not receive a reply within the configured timeout (00:00:00.3000000)", timeout.Message, StringComparison.Ordinal);
        Assert.Equal(CommunicationState.Opened, control.State);
        Assert.Equal("fresh", await host.CreateChannel().PingAsync("fresh"));
        host.Service.Release("never-in-time", "late");
        Assert.Equal("after", await channel.PingAsync("after"));
        await control.CloseAsync();
    }

    [Fact]
    public async Task AbortDuringACallFailsThatCall()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (ICommunicationObject)channel;
        await control.OpenAsync();

        var call = channel.WaitForReleaseAsync("aborted");
        control.Abort();

        await Assert.ThrowsAnyAsync<CommunicationException>(() => call);
        Assert.Equal(CommunicationState.Closed, control.State);
        host.Service.Release("aborted", "late");
        Assert.Equal("fresh", await host.CreateChannel().PingAsync("fresh"));
    }

    /// <summary>The EndpointNotFound framing fault becomes WCF's EndpointNotFoundException.</summary>
    [Fact]
    public async Task OpeningAnUnknownPathGetsEndpointNotFound()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel<ITestService>(null, new Uri($"net.tcp://127.0.0.1:{host.Port}/missing"));
        var control = (ICommunicationObject)channel;

        var error = await Assert.ThrowsAsync<EndpointNotFoundException>(control.OpenAsync);

        Assert.Contains("/missing", error.Message, StringComparison.Ordinal);
        Assert.Equal(CommunicationState.Faulted, control.State);
        control.Abort();
        Assert.Contains(host.Logs.NetTcp(LogLevel.Warning), e => e.Message.Contains("EndpointNotFound", StringComparison.Ordinal));
    }

    /// <summary>The ServerTooBusy framing fault becomes WCF's ServerTooBusyException.</summary>
    [Fact]
    public async Task SessionsBeyondMaxConcurrentSessionsGetServerTooBusy()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.MaxConcurrentSessions = 1);
        var first = (ICommunicationObject)host.CreateChannel();
        await first.OpenAsync();

        var second = (ICommunicationObject)host.CreateChannel();
        await Assert.ThrowsAsync<ServerTooBusyException>(second.OpenAsync);
        second.Abort();
        await first.CloseAsync();
        var third = host.CreateChannel();

        Assert.Equal("ok", await third.PingAsync("ok"));
        await ((ICommunicationObject)third).CloseAsync();
    }

    [Fact]
    public async Task IdleSessionIsClosedAfterTheServiceReceiveTimeout()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.ReceiveTimeout = TimeSpan.FromMilliseconds(300));
        var channel = host.CreateChannel();
        var control = (ICommunicationObject)channel;
        await control.OpenAsync();

        await Eventually.TrueAsync(() => host.Logs.NetTcp(LogLevel.Warning).Any(e => e.Message.Contains("ReceiveTimeout", StringComparison.Ordinal)));
        await Assert.ThrowsAnyAsync<CommunicationException>(() => channel.PingAsync("too late"));

        Assert.Equal(CommunicationState.Faulted, control.State);
        control.Abort();
    }

    [Fact]
    public async Task DisposingAnOpenChannelClosesItGracefully()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (ICommunicationObject)channel;
        await channel.PingAsync("x");

        // IDisposable.Dispose of a WCF channel is Close: End records both ways.
        ((IDisposable)channel).Dispose();

        Assert.Equal(CommunicationState.Closed, control.State);
        Assert.Empty(host.Logs.NetTcp(LogLevel.Warning));
    }
}
