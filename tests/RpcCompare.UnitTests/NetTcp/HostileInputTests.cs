using System.Text;
using System.Xml;
using Microsoft.Extensions.Logging;
using RpcCompare.Protocols.NetTcp;
using RpcCompare.UnitTests.Support.NetTcp;
using Wcf = System.ServiceModel;

namespace RpcCompare.UnitTests.NetTcp;

/// <summary>
/// One hostile message or connection must not balloon the service or hold its slots: reader quotas, the message deadline,
/// the growing receive buffer, the connection cap and escaped wire strings.
/// </summary>
public sealed class HostileInputTests
{
    private const string PingAction = "http://rpccompare.test/ITestService/Ping";
    private const int Nesting = 100;

    [Fact]
    public async Task DeepEnvelopeWithoutMessageIdIsClosedNamingMaxDepth()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.ReaderQuotas = new XmlDictionaryReaderQuotas { MaxDepth = 32 });
        await using var session = await CraftedSession.OpenAsync(host);

        await session.SendAsync(w => WriteDeepPing(w, host, messageId: false));
        var answer = await session.Raw.ReadToCloseAsync();

        Assert.Empty(answer);
        var warning = Assert.Single(host.Logs.NetTcp(LogLevel.Warning)).Message;
        Assert.Contains("MaxDepth", warning, StringComparison.Ordinal);
        Assert.Contains("(32)", warning, StringComparison.Ordinal);
        Assert.Equal("next", await host.CreateChannel().PingAsync("next"));
    }

    [Fact]
    public async Task DeepHeaderAfterMessageIdGetsAFaultNamingMaxDepth()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.ReaderQuotas = new XmlDictionaryReaderQuotas { MaxDepth = 32 });
        await using var session = await CraftedSession.OpenAsync(host);

        var fault = await session.RequestAsync(w => WriteDeepPing(w, host, messageId: true));
        await session.SendAsync(w =>
        {
            CraftedSession.WriteHeaders(w, PingAction, host.Address.AbsoluteUri, extraHeader: false);
            CraftedSession.WritePingBody(w, "after");
        });
        var next = await session.ReceiveAsync();

        Assert.Equal("InvalidMessage", fault.Code.SubCode?.Name);
        Assert.Contains("MaxDepth", fault.Reason, StringComparison.Ordinal);
        Assert.Contains("(32)", fault.Reason, StringComparison.Ordinal);
        Assert.Null(next.Fault);
        Assert.Contains(">after<", next.BodyXml, StringComparison.Ordinal);
    }

    /// <summary>The binary reader applies MaxBytesPerRead to one start tag, which bounds the attribute nodes it reads and keeps.</summary>
    [Fact]
    public async Task WideStartTagGetsAFaultNamingMaxBytesPerRead()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.ReaderQuotas = new XmlDictionaryReaderQuotas { MaxBytesPerRead = 4_096 });
        await using var session = await CraftedSession.OpenAsync(host);

        var fault = await session.RequestAsync(w =>
        {
            CraftedSession.WriteHeaders(w, PingAction, host.Address.AbsoluteUri, extraHeader: false);
            w.WriteStartElement("Ping", TestContract.Namespace);
            for (var i = 0; i < 2_000; i++)
            {
                w.WriteAttributeString("a" + i, "v");
            }

            w.WriteElementString("payload", TestContract.Namespace, "wide");
            w.WriteEndElement();
        });

        Assert.Contains("MaxBytesPerRead", fault.Reason, StringComparison.Ordinal);
        Assert.Contains("(4096)", fault.Reason, StringComparison.Ordinal);
    }

    /// <summary>
    /// Why a depth quota of 32 leaves room: Microsoft's client nests a request's headers 4 levels (Envelope, Header, ReplyTo,
    /// Address) and a body with an array or a data contract 5 (Envelope, Body, operation, parameter, item or member), the
    /// shapes of every graph operation; one level less refuses them.
    /// </summary>
    [Fact]
    public async Task ClientRequestsNestFiveLevels()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.ReaderQuotas = new XmlDictionaryReaderQuotas { MaxDepth = 5 });
        await using var tight = await NetTcpTestHost.StartAsync(o => o.Binding.ReaderQuotas = new XmlDictionaryReaderQuotas { MaxDepth = 4 });
        var channel = host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(channel);

        Assert.Equal("p", await channel.PingAsync("p"));
        var reversed = await channel.ReverseAsync([1, 2, 3]);
        Assert.Equal([3, 2, 1], reversed);
        Assert.Equal("n", (await channel.EchoNodeAsync(new NodeView { Id = 1, Name = "n" })).Name);
        var refused = await Assert.ThrowsAnyAsync<Wcf.FaultException>(() => tight.CreateChannel().ReverseAsync([1, 2, 3]));
        Assert.Contains("MaxDepth", refused.Message, StringComparison.Ordinal);
    }

    /// <summary>As WCF's service does, the DeserializationFailed fault carries the reader's message, which names the quota.</summary>
    [Fact]
    public async Task StringOverTheQuotaGetsAFaultNamingTheQuota()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.ReaderQuotas = new XmlDictionaryReaderQuotas { MaxStringContentLength = 1_000 });
        var channel = host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(channel);

        var error = await Assert.ThrowsAnyAsync<Wcf.FaultException>(() => channel.PingAsync(new string('x', 2_000)));

        Assert.Contains("MaxStringContentLength", error.Message, StringComparison.Ordinal);
        Assert.Contains("(1000)", error.Message, StringComparison.Ordinal);
        Assert.Equal("small", await channel.PingAsync("small"));
    }

    /// <summary>The reader is closed between messages (dropping the nodes of a wide element) and reused: later messages read well.</summary>
    [Fact]
    public async Task SessionGoesOnAfterAnElementWithManyAttributes()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.MaxReceivedMessageSize = 1024 * 1024);
        await using var session = await CraftedSession.OpenAsync(host);

        await session.SendAsync(w =>
        {
            CraftedSession.WriteHeaders(w, PingAction, host.Address.AbsoluteUri, extraHeader: false);
            w.WriteStartElement("Ping", TestContract.Namespace);
            for (var i = 0; i < 10_000; i++)
            {
                w.WriteAttributeString("a" + i, "v");
            }

            w.WriteElementString("payload", TestContract.Namespace, "wide");
            w.WriteEndElement();
        });
        var wide = await session.ReceiveAsync();
        await session.SendAsync(w =>
        {
            CraftedSession.WriteHeaders(w, PingAction, host.Address.AbsoluteUri, extraHeader: false);
            CraftedSession.WritePingBody(w, "narrow");
        });
        var narrow = await session.ReceiveAsync();

        Assert.Contains(">wide<", wide.BodyXml, StringComparison.Ordinal);
        Assert.Contains(">narrow<", narrow.BodyXml, StringComparison.Ordinal);
    }

    [Fact]
    public async Task AnnouncedSizeIsNotAllocatedBeforeItsBytesArrive()
    {
        var pool = new RecordingPool();
        await using var host = await NetTcpTestHost.StartAsync(o =>
        {
            o.Binding.MaxReceivedMessageSize = 16 * 1024 * 1024;
            o.MessageReceiveTimeout = TimeSpan.FromSeconds(1);
            o.ReceiveBufferPool = pool;
        });
        await using var raw = await RawConnection.ConnectAsync(host.Port);
        await raw.SendAsync(RawConnection.Preamble(host.Address.AbsoluteUri));
        Assert.Equal(0x0B, await raw.ReadByteAsync());

        // A sized envelope announcing 8 MiB, of which 3 bytes arrive; then the client goes silent.
        var size = new byte[MultiByteInt31.MaxEncodedSize];
        var sizeLength = MultiByteInt31.Encode(8 * 1024 * 1024, size);
        await raw.SendAsync([0x06, .. size[..sizeLength], 0x00, 0x56, 0x02]);
        var answer = await raw.ReadToCloseAsync();

        Assert.Empty(answer);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Warning), e => e.Message.Contains("MessageReceiveTimeout", StringComparison.Ordinal));
        Assert.InRange(pool.LargestRequest, 1, FrameReader.InitialPayloadBuffer);
        await Eventually.TrueAsync(() => pool.Outstanding == 0, "the receive buffer goes back to the pool");
    }

    [Fact]
    public async Task SilentConnectionAfterThePreambleIsClosedWhenIdle()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.Binding.ReceiveTimeout = TimeSpan.FromMilliseconds(300));
        await using var raw = await RawConnection.ConnectAsync(host.Port);
        await raw.SendAsync(RawConnection.Preamble(host.Address.AbsoluteUri));
        Assert.Equal(0x0B, await raw.ReadByteAsync());

        var answer = await raw.ReadToCloseAsync();

        Assert.Empty(answer);
        var warning = Assert.Single(host.Logs.NetTcp(LogLevel.Warning)).Message;
        Assert.Contains("waiting for the next message (ReceiveTimeout)", warning, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ConnectionBeyondTheCapIsClosedUnread()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.MaxConcurrentConnections = 1);
        var first = await RawConnection.ConnectAsync(host.Port);
        await first.SendAsync(RawConnection.Preamble(host.Address.AbsoluteUri));
        Assert.Equal(0x0B, await first.ReadByteAsync());
        await using var second = await RawConnection.ConnectAsync(host.Port);

        var answer = await second.ReadToCloseAsync();
        await first.DisposeAsync();

        Assert.Empty(answer);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Warning), e => e.Message.Contains("MaxConcurrentConnections (1)", StringComparison.Ordinal));
        // The first connection's slot frees once the service has seen it close.
        await Eventually.TrueAsync(async () =>
        {
            var channel = host.CreateChannel();
            try
            {
                return await channel.PingAsync("freed") == "freed";
            }
            catch (Wcf.CommunicationException)
            {
                ((Wcf.ICommunicationObject)channel).Abort();
                return false;
            }
        }, "a new connection is served");
    }

    [Fact]
    public async Task ClientFaultIsLoggedWithControlCharactersEscaped()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        await using var raw = await RawConnection.ConnectAsync(host.Port);
        await raw.SendAsync(RawConnection.Preamble(host.Address.AbsoluteUri));
        Assert.Equal(0x0B, await raw.ReadByteAsync());
        var fault = Encoding.UTF8.GetBytes("bad\r\nforged line\u001b[2J");

        await raw.SendAsync([0x08, (byte)fault.Length, .. fault]);
        await raw.ReadToCloseAsync();

        var warning = Assert.Single(host.Logs.NetTcp(LogLevel.Warning)).Message;
        Assert.Contains(@"'bad\u000D\u000Aforged line\u001B[2J'", warning, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', warning);
    }

    /// <summary>Envelope, Header with Action, (MessageID,) To and <see cref="Nesting"/> nested elements, then a ping Body.</summary>
    private static void WriteDeepPing(XmlDictionaryWriter writer, NetTcpTestHost host, bool messageId)
    {
        writer.WriteStartElement("s", "Envelope", CraftedSession.Soap);
        writer.WriteStartElement("s", "Header", CraftedSession.Soap);
        writer.WriteElementString("a", "Action", CraftedSession.Addressing, PingAction);
        if (messageId)
        {
            writer.WriteStartElement("a", "MessageID", CraftedSession.Addressing);
            writer.WriteValue(CraftedSession.MessageId);
            writer.WriteEndElement();
        }

        for (var i = 0; i < Nesting; i++)
        {
            writer.WriteStartElement("x", "Deep", "urn:deep");
        }

        for (var i = 0; i < Nesting; i++)
        {
            writer.WriteEndElement();
        }

        writer.WriteElementString("a", "To", CraftedSession.Addressing, host.Address.AbsoluteUri);
        writer.WriteEndElement();
        writer.WriteStartElement("s", "Body", CraftedSession.Soap);
        CraftedSession.WritePingBody(writer, "deep");
    }
}
