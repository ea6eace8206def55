using System.ServiceModel;
using Microsoft.Extensions.Logging;
using RpcCompare.LoadClient.Clients;
using RpcCompare.UnitTests.Support.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

public sealed class QuotaTests(NetTcpHostFixture fixture) : IClassFixture<NetTcpHostFixture>
{
    // Enough links for a response of more than a megabyte, far above the default 65,536-byte quota.
    private const int ManyLinks = 20_000;

    // What WCF's client says when the session ends under a pending call, whatever the reason.
    private const string NoMeaningfulReply = "The server did not provide a meaningful reply";

    private readonly NetTcpTestHost _host = fixture.Host;

    [Fact]
    public async Task LargeResponseArrivesWhenTheClientQuotaIsRaised()
    {
        var binding = Raised(64 * 1024 * 1024);
        var wire = new WireCounter();
        var channel = _host.CreateChannel(NetTcpTestHost.WithLargeConnectionBuffer(binding, wire));
        await using var _ = WcfChannels.ClosedAtEnd(channel);

        var links = await channel.GetLinksAsync(3, ManyLinks);

        Assert.Equivalent(TestService.MakeLinks(3, ManyLinks), links, strict: true);
        Assert.True(wire.BytesReceived > 1_000_000, $"received {wire.BytesReceived} bytes");
        Assert.Equal(CommunicationState.Opened, ((ICommunicationObject)channel).State);
    }

    /// <summary>
    /// WCF's client rejects the oversized envelope and faults the channel; the quota exception does not reach the caller,
    /// who gets WCF's generic "no meaningful reply" error instead.
    /// </summary>
    [Fact]
    public async Task ResponseOverTheDefaultQuotaFaultsTheChannel()
    {
        var channel = _host.CreateChannel();
        var control = (ICommunicationObject)channel;
        Assert.Equal("warm", await channel.PingAsync("warm"));

        var error = await Assert.ThrowsAsync<CommunicationException>(() => channel.GetLinksAsync(3, ManyLinks));

        Assert.Contains(NoMeaningfulReply, error.Message, StringComparison.Ordinal);
        // The client throws first and faults the channel a moment later, on its own thread (a busy machine showed Opened).
        await Eventually.TrueAsync(() => control.State == CommunicationState.Faulted, "the channel faults");
        control.Abort();
        var next = _host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(next);
        Assert.Equal("still serving", await next.PingAsync("still serving"));
    }

    /// <summary>
    /// The service answers with the MaxMessageSizeExceededFault framing fault, which faults WCF's channel. The caller does
    /// not learn the reason: depending on whether the fault arrives before WCF's client has sent the whole request, the call
    /// fails with WCF's generic "no meaningful reply" error or because the channel is faulted.
    /// </summary>
    [Fact]
    public async Task OversizedRequestGetsTheMaxMessageSizeFault()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (ICommunicationObject)channel;

        var rejected = await Assert.ThrowsAnyAsync<CommunicationException>(() => channel.PingAsync(new string('x', 100_000)));

        Assert.True(
            rejected is CommunicationObjectFaultedException || rejected.Message.Contains(NoMeaningfulReply, StringComparison.Ordinal),
            rejected.ToString());
        await Eventually.TrueAsync(() => control.State == CommunicationState.Faulted);
        control.Abort();
        var warning = Assert.Single(host.Logs.NetTcp(LogLevel.Warning)).Message;
        Assert.Contains("MaxReceivedMessageSize", warning, StringComparison.Ordinal);
        Assert.Contains("framing/faults/MaxMessageSizeExceededFault", warning, StringComparison.Ordinal);
        Assert.Equal("next", await host.CreateChannel().PingAsync("next"));
    }

    [Fact]
    public async Task RaisedServiceQuotaAcceptsLargeRequests()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.MaxReceivedMessageSize = 16 * 1024 * 1024);
        var channel = host.CreateChannel(NetTcpTestHost.WithLargeConnectionBuffer(Raised(16 * 1024 * 1024)));
        await using var _ = WcfChannels.ClosedAtEnd(channel);
        var big = string.Concat(Enumerable.Repeat("0123456789abcdef→", 50_000));

        Assert.Equal(big, await channel.PingAsync(big));
    }

    /// <summary>The client's receive quota raised; in buffered mode WCF's MaxBufferSize goes with it.</summary>
    private static NetTcpBinding Raised(int size)
    {
        var binding = NetTcpTestHost.ClientBinding();
        binding.MaxReceivedMessageSize = size;
        binding.MaxBufferSize = size;
        return binding;
    }
}
