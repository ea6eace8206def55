using Microsoft.Extensions.Logging;
using RpcCompare.UnitTests.Support.NetTcp;
using Wcf = System.ServiceModel;

namespace RpcCompare.UnitTests.NetTcp;

/// <summary>Hand-made bytes against the service: bad preambles, garbage, half-sent frames, crafted envelopes.</summary>
public sealed class ProtocolTests
{
    private const string FaultNamespace = "http://schemas.microsoft.com/ws/2006/05/framing/faults/";

    [Theory]
    [InlineData(2, 0, 2, 8, "/test", "UnsupportedVersion")]
    [InlineData(1, 0, 1, 8, "/test", "UnsupportedMode")]
    [InlineData(1, 0, 3, 8, "/test", "UnsupportedMode")]
    [InlineData(1, 0, 2, 3, "/test", "ContentTypeInvalid")]
    [InlineData(1, 0, 2, 7, "/test", "ContentTypeInvalid")]
    [InlineData(1, 0, 2, 8, "/nowhere", "EndpointNotFound")]
    public async Task BadPreambleGetsTheFramingFault(byte major, byte minor, byte mode, byte encoding, string path, string fault)
    {
        await using var host = await NetTcpTestHost.StartAsync();
        await using var raw = await RawConnection.ConnectAsync(host.Port);

        await raw.SendAsync(RawConnection.Preamble($"net.tcp://127.0.0.1:{host.Port}{path}", major, minor, mode, encoding));
        var answer = await raw.ReadFaultAsync();
        await raw.DisposeAsync();

        Assert.Equal(FaultNamespace + fault, answer);
        Assert.Single(host.Logs.NetTcp(LogLevel.Warning));
        Assert.Equal("ok", await host.CreateChannel().PingAsync("ok"));
    }

    [Fact]
    public async Task UpgradeRequestGetsUpgradeInvalidBecauseSecurityIsNone()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        await using var raw = await RawConnection.ConnectAsync(host.Port);
        var preamble = RawConnection.Preamble($"net.tcp://127.0.0.1:{host.Port}/test");
        var tls = "application/ssl-tls"u8.ToArray();

        await raw.SendAsync([.. preamble[..^1], 0x09, (byte)tls.Length, .. tls]);

        Assert.Equal(FaultNamespace + "UpgradeInvalid", await raw.ReadFaultAsync());
    }

    [Fact]
    public async Task GarbageBytesCloseOnlyTheirConnection()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        await using var raw = await RawConnection.ConnectAsync(host.Port);

        await raw.SendAsync("GET / HTTP/1.1\r\nHost: x\r\n\r\n"u8.ToArray());
        var answer = await raw.ReadToCloseAsync();

        Assert.Empty(answer);
        var warning = Assert.Single(host.Logs.NetTcp(LogLevel.Warning));
        Assert.Contains("0x47", warning.Message, StringComparison.Ordinal);
        Assert.Equal("ok", await host.CreateChannel().PingAsync("ok"));
    }

    [Fact]
    public async Task HalfSentEnvelopeClosesThatConnectionOnly()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var healthy = host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(healthy);
        Assert.Equal("before", await healthy.PingAsync("before"));
        await using var raw = await RawConnection.ConnectAsync(host.Port);
        await raw.SendAsync(RawConnection.Preamble($"net.tcp://127.0.0.1:{host.Port}/test"));
        Assert.Equal(0x0B, await raw.ReadByteAsync());

        // A sized envelope announcing 1000 bytes, of which only 3 arrive before the client stops sending.
        await raw.SendAsync(0x06, 0xE8, 0x07, 0x00, 0x56, 0x02);
        raw.ShutdownSend();
        var answer = await raw.ReadToCloseAsync();

        Assert.Empty(answer);
        Assert.Contains("half-sent frame", Assert.Single(host.Logs.NetTcp(LogLevel.Warning)).Message, StringComparison.Ordinal);
        Assert.Equal("after", await healthy.PingAsync("after"));
    }

    [Fact]
    public async Task HalfSentPreambleIsDroppedAtChannelInitializationTimeout()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.ChannelInitializationTimeout = TimeSpan.FromMilliseconds(300));
        await using var raw = await RawConnection.ConnectAsync(host.Port);

        await raw.SendAsync(0x00, 0x01, 0x00, 0x01);
        var answer = await raw.ReadToCloseAsync();

        Assert.Empty(answer);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Warning), e => e.Message.Contains("preamble handshake did not complete", StringComparison.Ordinal));
        Assert.Equal("ok", await host.CreateChannel().PingAsync("ok"));
    }

    /// <summary>
    /// .NET Message Framing lets one connection carry one session after another (WCF's client pools connections): the
    /// service answers End with End and then waits for the next preamble on the same connection.
    /// </summary>
    [Fact]
    public async Task TheEndRecordIsAnsweredWithEnd()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        await using var raw = await RawConnection.ConnectAsync(host.Port);
        var preamble = RawConnection.Preamble($"net.tcp://127.0.0.1:{host.Port}/test");
        await raw.SendAsync(preamble);
        Assert.Equal(0x0B, await raw.ReadByteAsync());

        await raw.SendAsync(0x07);
        Assert.Equal(0x07, await raw.ReadByteAsync());
        await raw.SendAsync(preamble);
        Assert.Equal(0x0B, await raw.ReadByteAsync());
        await raw.SendAsync(0x07);
        raw.ShutdownSend();
        var answer = await raw.ReadToCloseAsync();

        Assert.Equal(new byte[] { 0x07 }, answer);
        Assert.Equal(1, host.ConnectionsAccepted);
        Assert.Empty(host.Logs.NetTcp(LogLevel.Warning));
    }

    [Fact]
    public async Task PooledConnectionIsClosedAfterTheServiceReceiveTimeout()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.ReceiveTimeout = TimeSpan.FromMilliseconds(300));
        await using var raw = await RawConnection.ConnectAsync(host.Port);
        await raw.SendAsync(RawConnection.Preamble($"net.tcp://127.0.0.1:{host.Port}/test"));
        Assert.Equal(0x0B, await raw.ReadByteAsync());

        await raw.SendAsync(0x07);
        var answer = await raw.ReadToCloseAsync();

        Assert.Equal(new byte[] { 0x07 }, answer);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Debug), e => e.Message.Contains("pooled connection was idle", StringComparison.Ordinal));
        Assert.Empty(host.Logs.NetTcp(LogLevel.Warning));
    }

    [Fact]
    public async Task HostShutdownClosesAPooledConnection()
    {
        var host = await NetTcpTestHost.StartAsync();
        await using var raw = await RawConnection.ConnectAsync(host.Port);
        await raw.SendAsync(RawConnection.Preamble($"net.tcp://127.0.0.1:{host.Port}/test"));
        Assert.Equal(0x0B, await raw.ReadByteAsync());
        await raw.SendAsync(0x07);
        Assert.Equal(0x07, await raw.ReadByteAsync());

        var stopping = host.DisposeAsync();
        var answer = await raw.ReadToCloseAsync();
        await stopping;

        Assert.Empty(answer);
    }

    [Fact]
    public async Task HostShutdownEndsAnIdleSessionWithTheEndRecord()
    {
        var host = await NetTcpTestHost.StartAsync();
        await using var raw = await RawConnection.ConnectAsync(host.Port);
        await raw.SendAsync(RawConnection.Preamble($"net.tcp://127.0.0.1:{host.Port}/test"));
        Assert.Equal(0x0B, await raw.ReadByteAsync());

        var stopping = host.DisposeAsync();
        var answer = await raw.ReadToCloseAsync();
        await stopping;

        Assert.Equal(new byte[] { 0x07 }, answer);
    }

    [Fact]
    public async Task HostShutdownMakesTheNextCallOfAnOpenChannelFail()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (Wcf.ICommunicationObject)channel;
        Assert.Equal("up", await channel.PingAsync("up"));

        // The service ends the idle session with End; WCF's client then closes the channel by itself.
        await host.StopAsync();
        await Eventually.TrueAsync(() => control.State == Wcf.CommunicationState.Closed);
        var error = await Assert.ThrowsAsync<Wcf.ProtocolException>(() => channel.PingAsync("down"));

        Assert.Contains("server-initiated shutdown", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task UnknownMustUnderstandHeaderGetsTheMustUnderstandFault()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        await using var session = await CraftedSession.OpenAsync(host);

        var fault = await session.RequestAsync(w =>
        {
            CraftedSession.WriteHeaders(w, "http://rpccompare.test/ITestService/Ping", host.Address.AbsoluteUri, extraHeader: true);
            CraftedSession.WritePingBody(w, "x");
        });

        Assert.Equal("MustUnderstand", fault.Code.Name);
        Assert.Contains("'Secret' from the namespace 'urn:extension'", fault.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ToHeaderForAnotherPathGetsTheDestinationUnreachableFault()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        await using var session = await CraftedSession.OpenAsync(host);

        var fault = await session.RequestAsync(w =>
        {
            CraftedSession.WriteHeaders(w, "http://rpccompare.test/ITestService/Ping", $"net.tcp://127.0.0.1:{host.Port}/other", extraHeader: false);
            CraftedSession.WritePingBody(w, "x");
        });

        Assert.Equal("DestinationUnreachable", fault.Code.SubCode?.Name);
    }

    [Fact]
    public async Task UndeserializableBodyGetsTheDeserializationFailedFault()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        await using var session = await CraftedSession.OpenAsync(host);

        var fault = await session.RequestAsync(w =>
        {
            CraftedSession.WriteHeaders(w, "http://rpccompare.test/ITestService/Add", host.Address.AbsoluteUri, extraHeader: false);
            w.WriteStartElement("Add", TestContract.Namespace);
            w.WriteElementString("a", TestContract.Namespace, "not a number");
            w.WriteEndElement();
        });
        var second = await session.RequestAsync(w =>
        {
            CraftedSession.WriteHeaders(w, "http://rpccompare.test/ITestService/Add", host.Address.AbsoluteUri, extraHeader: false);
            w.WriteStartElement("Wrong", TestContract.Namespace);
            w.WriteEndElement();
        });

        Assert.Equal("DeserializationFailed", fault.Code.SubCode?.Name);
        Assert.Equal("DeserializationFailed", second.Code.SubCode?.Name);
        Assert.Contains("Expecting element 'Add'", second.Reason, StringComparison.Ordinal);
    }
}
