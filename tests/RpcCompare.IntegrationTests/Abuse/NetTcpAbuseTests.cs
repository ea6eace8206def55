using System.Net.Sockets;
using System.Text;
using System.Xml;
using RpcCompare.Contracts;
using RpcCompare.IntegrationTests.Infrastructure;

namespace RpcCompare.IntegrationTests.Abuse;

/// <summary>
/// Hostile bytes sent to the real WCF host: one message must not balloon the process or stop it serving. (Before the host
/// set explicit reader quotas, the envelope below took its memory from 82 MB to 1.0 GB for the rest of the session.)
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class NetTcpAbuseTests(DatabaseFixture db)
{
    private const string Soap = "http://www.w3.org/2003/05/soap-envelope";
    private const string Addressing = "http://www.w3.org/2005/08/addressing";

    // The host's MaxReceivedMessageSize: the largest envelope it reads at all.
    private const int EnvelopeSize = 8 * 1024 * 1024;

    private const long AllowedRssGrowth = 100L * 1024 * 1024;

    [Fact]
    public async Task DeeplyNestedEnvelopeIsRefusedWithoutGrowingTheHost()
    {
        var host = await db.HostAsync("wcf");
        var client = (await db.ClientsAsync())["wcf"];
        Assert.Equal("warm", await client.PingAsync("warm", default));
        var address = new Uri(host.Ready.Endpoints["nettcp"]);
        var envelope = DeepEnvelope(address, out var levels);
        Assert.True(levels > 2_000_000, $"only {levels:N0} nested elements");
        var rssBefore = ProcessUsage.Read(host.Pid).RssBytes;

        var reply = await SendAsync(address, envelope);
        var rssAfter = ProcessUsage.Read(host.Pid).RssBytes;

        Assert.True(rssAfter - rssBefore < AllowedRssGrowth,
            $"the host's resident memory grew by {(rssAfter - rssBefore) / 1e6:N1} MB ({rssBefore / 1e6:N1} MB before)");
        // A SOAP fault in a sized envelope (0x06): the MessageID came before the nesting, so the host could answer.
        Assert.Equal(0x06, reply[0]);
        var text = Encoding.UTF8.GetString(reply);
        Assert.Contains("MaxDepth", text, StringComparison.Ordinal);
        Assert.Contains("(32)", text, StringComparison.Ordinal);
        Assert.Equal("still serving", await client.PingAsync("still serving", default));
    }

    /// <summary>
    /// The session-encoded payload of one sized envelope: an empty string table, then binary XML whose header holds Action,
    /// MessageID and then nested elements up to the size limit, never closed (a reader without a depth quota keeps a node
    /// for every level).
    /// </summary>
    private static byte[] DeepEnvelope(Uri address, out int levels)
    {
        using var stream = new MemoryStream(EnvelopeSize);
        stream.WriteByte(0x00);
        using (var writer = XmlDictionaryWriter.CreateBinaryWriter(stream, dictionary: null, session: null, ownsStream: false))
        {
            writer.WriteStartElement("s", "Envelope", Soap);
            writer.WriteStartElement("s", "Header", Soap);
            writer.WriteElementString("a", "Action", Addressing, $"{GraphContract.ServiceNamespace}/{GraphContract.ServiceName}/Ping");
            writer.WriteStartElement("a", "MessageID", Addressing);
            writer.WriteValue(new UniqueId());
            writer.WriteEndElement();
            writer.WriteElementString("a", "To", Addressing, address.AbsoluteUri);

            // One nested element, written by the binary writer; its record is then repeated to fill the envelope.
            writer.WriteStartElement("h");
            writer.Flush();
            var prologue = stream.Length;
            writer.WriteStartElement("h");
            writer.Flush();
            var unit = stream.ToArray()[(int)prologue..];
            levels = 2;
            while (stream.Length + unit.Length <= EnvelopeSize)
            {
                stream.Write(unit);
                levels++;
            }
        }

        // Disposing the writer closed the elements it knows of; what runs past the size limit is cut off.
        var envelope = stream.ToArray();
        return envelope.Length > EnvelopeSize ? envelope[..EnvelopeSize] : envelope;
    }

    /// <summary>A .NET Message Framing session by hand: preamble, one sized envelope; returns what the host sends back.</summary>
    private static async Task<byte[]> SendAsync(Uri address, byte[] envelope)
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        using var guard = new CancellationTokenSource(TimeSpan.FromSeconds(120));
        await socket.ConnectAsync(address.Host, address.Port, guard.Token);
        var via = Encoding.UTF8.GetBytes(address.AbsoluteUri);
        byte[] preamble = [0x00, 0x01, 0x00, 0x01, 0x02, 0x02, (byte)via.Length, .. via, 0x03, 0x08, 0x0C];
        await socket.SendAsync(preamble, guard.Token);
        var ack = new byte[1];
        Assert.Equal(1, await socket.ReceiveAsync(ack, guard.Token));
        Assert.Equal(0x0B, ack[0]);

        byte[] header = [0x06, .. Size(envelope.Length)];
        await socket.SendAsync(header, guard.Token);
        await socket.SendAsync(envelope, guard.Token);

        // The answer: a sized envelope (read until it is whole) or nothing, if the host closes the connection.
        var received = new List<byte>();
        var buffer = new byte[4096];
        while (!IsWholeRecord(received))
        {
            var count = await socket.ReceiveAsync(buffer, guard.Token);
            if (count == 0)
            {
                break;
            }

            received.AddRange(buffer.AsSpan(0, count));
        }

        return [.. received];
    }

    private static bool IsWholeRecord(List<byte> received)
    {
        if (received.Count < 2)
        {
            return false;
        }

        int size = 0, index = 1, shift = 0;
        while (index < received.Count)
        {
            var b = received[index++];
            size |= (b & 0x7F) << shift;
            shift += 7;
            if (b < 0x80)
            {
                return received.Count >= index + size;
            }
        }

        return false;
    }

    private static byte[] Size(int value)
    {
        var bytes = new List<byte>();
        while (value >= 0x80)
        {
            bytes.Add((byte)(value | 0x80));
            value >>= 7;
        }

        bytes.Add((byte)value);
        return [.. bytes];
    }
}
