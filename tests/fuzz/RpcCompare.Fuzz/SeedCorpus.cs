using System.Buffers;
using System.IO.Pipelines;
using System.Text;
using System.Xml;
using RpcCompare.Contracts;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.Fuzz;

/// <summary>
/// Writes the committed seed corpus (tests/fuzz/corpus) with the project's own FrameWriter, EnvelopeWriter and
/// BinarySessionCodec: every operation of the graph contract as a client sends it, sessions of several calls (later
/// envelopes refer to earlier session strings), a reused connection, and the preamble variants the server refuses.
/// </summary>
internal static class SeedCorpus
{
    private const string Via = "net.tcp://127.0.0.1:8089/graph";

    public static void Write(string directory)
    {
        var framing = Directory.CreateDirectory(Path.Combine(directory, "framing")).FullName;
        var envelope = Directory.CreateDirectory(Path.Combine(directory, "envelope")).FullName;
        var calls = Calls();
        foreach (var (name, operation, args) in calls)
        {
            using var client = new ClientSession();
            var request = client.Request(operation, args);
            File.WriteAllBytes(Path.Combine(envelope, $"{name}.bin"), StripRecordHeader(request));
            File.WriteAllBytes(Path.Combine(framing, $"{name}.bin"), [.. Preamble(Via), .. request, End]);
        }

        using var session = new ClientSession();
        File.WriteAllBytes(Path.Combine(framing, "three-calls.bin"),
            [.. Preamble(Via), .. session.Request(calls[0].Operation, calls[0].Args), .. session.Request(calls[0].Operation, calls[0].Args), .. session.Request(calls[1].Operation, calls[1].Args), End]);
        using var second = new ClientSession();
        using var reused = new ClientSession();
        File.WriteAllBytes(Path.Combine(framing, "two-sessions.bin"),
            [.. Preamble(Via), .. second.Request(calls[0].Operation, calls[0].Args), End, .. Preamble(Via), .. reused.Request(calls[1].Operation, calls[1].Args), End]);
        using var extensible = new ClientSession();
        File.WriteAllBytes(Path.Combine(framing, "extensible-encoding.bin"),
            [.. ExtensiblePreamble(Via, FramingConstants.BinarySessionContentType), .. extensible.Request(calls[0].Operation, calls[0].Args), End]);

        using var crafted = new ClientSession();
        var unknown = crafted.Raw(w => WriteEnvelope(w, "http://rpccompare.dev/graph/GraphService/Nope", mustUnderstandExtra: false));
        File.WriteAllBytes(Path.Combine(envelope, "unknown-action.bin"), StripRecordHeader(unknown));
        using var crafted2 = new ClientSession();
        var mustUnderstand = crafted2.Raw(w => WriteEnvelope(w, calls[0].Operation.Action, mustUnderstandExtra: true));
        File.WriteAllBytes(Path.Combine(envelope, "must-understand.bin"), StripRecordHeader(mustUnderstand));

        byte[] preamble = Preamble(Via);
        File.WriteAllBytes(Path.Combine(framing, "preamble-only.bin"), preamble);
        File.WriteAllBytes(Path.Combine(framing, "bad-version.bin"), [0x00, 0x02, 0x00, .. preamble[3..]]);
        File.WriteAllBytes(Path.Combine(framing, "bad-mode.bin"), [.. preamble[..4], 0x01, .. preamble[5..]]);
        File.WriteAllBytes(Path.Combine(framing, "upgrade-request.bin"), [.. preamble[..^1], 0x09, .. StringRecordBody("application/ssl-tls")]);
        File.WriteAllBytes(Path.Combine(framing, "client-fault.bin"), [.. preamble, 0x08, .. StringRecordBody("http://schemas.microsoft.com/ws/2006/05/framing/faults/ServerTooBusy")]);
    }

    private const byte End = (byte)FramingRecordType.End;

    private static List<(string Name, OperationDescription Operation, object?[] Args)> Calls()
    {
        OperationDescription Op(string name) => FuzzSettings.Contract.Operations.Single(o => o.Name == name);
        return
        [
            ("ping", Op("Ping"), ["hello"]),
            ("get-links", Op("GetLinks"), [new GetLinksRequest { NodeId = 42 }]),
            ("search-nodes", Op("SearchNodes"), [new SearchNodesRequest { Term = "ab", Limit = 10 }]),
            ("prepare-snapshot", Op("PrepareSnapshot"), [new PrepareSnapshotRequest { Size = 100 }]),
            ("get-records", Op("GetRecords"), [new GetRecordsRequest { SnapshotId = 7, Count = 3 }]),
            ("create-node", Op("CreateNode"), [new NewNode { Name = "n", Type = "t" }]),
            ("list-nodes", Op("ListNodes"), [new ListNodesRequest { AfterId = 0, Limit = 5 }]),
            ("get-node", Op("GetNode"), [new GetNodeRequest { Id = 9 }]),
            ("get-neighbourhoods", Op("GetNeighbourhoods"), [new long[] { 1, 2, 3 }]),
            ("check-health", Op("CheckHealth"), []),
        ];
    }

    private static byte[] Preamble(string via)
    {
        var buffer = new ArrayBufferWriter<byte>();
        FrameWriter.WriteDuplexPreamble(buffer, via);
        return buffer.WrittenSpan.ToArray();
    }

    private static byte[] ExtensiblePreamble(string via, string contentType)
    {
        var known = Preamble(via);
        return [.. known[..^3], (byte)FramingRecordType.ExtensibleEncoding, .. StringRecordBody(contentType), (byte)FramingRecordType.PreambleEnd];
    }

    private static byte[] StringRecordBody(string value)
    {
        var bytes = Encoding.UTF8.GetBytes(value);
        var size = new byte[MultiByteInt31.MaxEncodedSize];
        return [.. size.AsSpan(0, MultiByteInt31.Encode(bytes.Length, size)), .. bytes];
    }

    // Sized envelope record: 0x06 and the size, then the payload that EnvelopeTarget takes.
    private static byte[] StripRecordHeader(byte[] record) => record[(1 + MultiByteInt31.Decode(record.AsSpan(1), out _))..];

    // A request with the standard headers plus, optionally, a mustUnderstand header nobody knows.
    private static void WriteEnvelope(XmlDictionaryWriter writer, string action, bool mustUnderstandExtra)
    {
        const string Soap = "http://www.w3.org/2003/05/soap-envelope";
        const string Addressing = "http://www.w3.org/2005/08/addressing";
        writer.WriteStartElement("s", "Envelope", Soap);
        writer.WriteAttributeString("xmlns", "a", null, Addressing);
        writer.WriteStartElement("s", "Header", Soap);
        writer.WriteStartElement("a", "Action", Addressing);
        writer.WriteAttributeString("s", "mustUnderstand", Soap, "1");
        writer.WriteString(action);
        writer.WriteEndElement();
        writer.WriteStartElement("a", "MessageID", Addressing);
        writer.WriteValue(new UniqueId(new Guid("0b9a2c3e-7f61-4d2e-9a53-0c1d2e3f4a5b")));
        writer.WriteEndElement();
        if (mustUnderstandExtra)
        {
            writer.WriteStartElement("x", "Secret", "urn:unknown");
            writer.WriteAttributeString("s", "mustUnderstand", Soap, "true");
            writer.WriteEndElement();
        }

        writer.WriteEndElement();
        writer.WriteStartElement("s", "Body", Soap);
        writer.WriteStartElement("Ping", "http://rpccompare.dev/graph");
        writer.WriteElementString("payload", "http://rpccompare.dev/graph", "x");
        writer.WriteEndElement();
        writer.WriteEndElement();
        writer.WriteEndElement();
    }

    /// <summary>The client side of one session: its codec carries the session dictionary from one envelope to the next.</summary>
    private sealed class ClientSession : IDisposable
    {
        private static readonly XmlDictionaryString To = new XmlDictionary().Add(Via);
        private readonly BinarySessionCodec _codec = new(FuzzSettings.ReaderQuotas);
        private int _calls;

        public byte[] Request(OperationDescription operation, object?[] args) =>
            Raw(w => EnvelopeWriter.WriteRequest(w, operation, new UniqueId(new Guid(_calls++, 0, 0, new byte[8])), To, args));

        /// <summary>The Sized Envelope record of one envelope.</summary>
        public byte[] Raw(Action<XmlDictionaryWriter> write)
        {
            write(_codec.StartMessage());
            var size = _codec.CompleteMessage();
            var pipe = new Pipe();
            _codec.WriteEnvelopeAsync(pipe.Writer, size, CancellationToken.None).AsTask().GetAwaiter().GetResult();
            pipe.Writer.Complete();
            pipe.Reader.TryRead(out var result);
            var bytes = result.Buffer.ToArray();
            pipe.Reader.Complete();
            return bytes;
        }

        public void Dispose() => _codec.Dispose();
    }
}
