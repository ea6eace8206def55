using Microsoft.Extensions.Logging;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

public sealed class QuotaTests(NetTcpHostFixture fixture) : IClassFixture<NetTcpHostFixture>
{
    // Enough links for a response of more than a megabyte, far above the default 65,536-byte quota.
    private const int ManyLinks = 20_000;

    private readonly NetTcpTestHost _host = fixture.Host;

    [Fact]
    public async Task LargeResponseArrivesWhenTheClientQuotaIsRaised()
    {
        var channel = _host.CreateChannel(new NetTcpBinding { MaxReceivedMessageSize = 64 * 1024 * 1024 });
        var control = (INetTcpClientChannel)channel;
        await using var _ = control;

        var links = await channel.GetLinksAsync(3, ManyLinks);

        Assert.Equivalent(TestService.MakeLinks(3, ManyLinks), links, strict: true);
        Assert.True(control.BytesReceived > 1_000_000, $"received {control.BytesReceived} bytes");
        Assert.Equal(CommunicationState.Opened, control.State);
    }

    [Fact]
    public async Task LargeResponseOverTheDefaultQuotaFaultsTheChannelAndTheServiceKeepsServing()
    {
        var channel = _host.CreateChannel();
        var control = (INetTcpClientChannel)channel;
        await using var _ = control;
        Assert.Equal("warm", await channel.PingAsync("warm"));

        var quota = await Assert.ThrowsAsync<QuotaExceededException>(() => channel.GetLinksAsync(3, ManyLinks));

        Assert.Contains("maximum message size quota for incoming messages (65536)", quota.Message, StringComparison.Ordinal);
        Assert.Contains("MaxReceivedMessageSize", quota.Message, StringComparison.Ordinal);
        Assert.Equal(CommunicationState.Faulted, control.State);
        control.Abort();
        var next = _host.CreateChannel();
        await using var __ = (INetTcpClientChannel)next;
        Assert.Equal("still serving", await next.PingAsync("still serving"));
    }

    [Fact]
    public async Task OversizedRequestGetsTheMaxMessageSizeFramingFaultAndTheServiceKeepsServing()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (INetTcpClientChannel)channel;
        await using var _ = control;

        var rejected = await Assert.ThrowsAsync<ProtocolException>(() => channel.PingAsync(new string('x', 100_000)));

        Assert.Equal("http://schemas.microsoft.com/ws/2006/05/framing/faults/MaxMessageSizeExceededFault", rejected.FramingFault);
        Assert.Equal(CommunicationState.Faulted, control.State);
        Assert.Contains("MaxReceivedMessageSize", Assert.Single(host.Logs.NetTcp(LogLevel.Warning)).Message, StringComparison.Ordinal);
        Assert.Equal("next", await host.CreateChannel().PingAsync("next"));
    }

    [Fact]
    public async Task RaisedServiceQuotaAcceptsLargeRequests()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.MaxReceivedMessageSize = 16 * 1024 * 1024);
        var channel = host.CreateChannel(new NetTcpBinding { MaxReceivedMessageSize = 16 * 1024 * 1024 });
        await using var _ = (INetTcpClientChannel)channel;
        var big = string.Concat(Enumerable.Repeat("0123456789abcdef→", 50_000));

        Assert.Equal(big, await channel.PingAsync(big));
    }
}
