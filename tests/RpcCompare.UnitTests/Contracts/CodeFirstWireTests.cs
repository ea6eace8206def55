using System.Buffers;
using System.Reflection;
using Google.Protobuf;
using Grpc.Core;
using Proto = RpcCompare.Contracts.Grpc;
using ProtoBuf.Grpc.Client;
using RpcCompare.Contracts;
using RpcCompare.Contracts.CodeFirst;
using RpcCompare.Contracts.Wcf;

namespace RpcCompare.UnitTests.Contracts;

/// <summary>
/// The code-first stack's messages are graph.proto's: every operation of the shared WCF contract binds in
/// protobuf-net.Grpc, its request encodes to the bytes of the .proto's request message, and the .proto's reply bytes decode
/// to the same values and encode back to the same bytes (DateTime as google.protobuf.Timestamp, arrays as repeated field 1).
/// </summary>
public sealed class CodeFirstWireTests
{
    private static readonly DateTime Created = new DateTime(2026, 3, 4, 5, 6, 7, DateTimeKind.Utc).AddTicks(1_234_567);
    private static readonly NodeSummary Node = new() { Id = 7, Name = "amber", Type = "person" };
    private static readonly LinkView[] Links =
    [
        new() { Id = 1, Type = "knows", Weight = 0.25, CreatedAt = Created, Target = Node },
        new() { Id = 2, Type = "likes", Weight = 3, CreatedAt = Created.AddDays(-400), Target = Node with { Id = 8 } },
    ];
    private static readonly NodeDetails Details = new() { Id = 7, Name = "amber", Type = "person", CreatedAt = Created, LinkCount = 3 };

    [Fact]
    public async Task GetLinksIsGraphProtosGetLinks()
    {
        var reply = new Proto.LinkList { Links = { Links.Select(ProtoMapping.ToProto) } };

        var links = await CallAsync(g => g.GetLinksAsync(new GetLinksRequest { NodeId = 42 }), "GetLinks",
            new Proto.GetLinksRequest { NodeId = 42 }, reply);

        Assert.Equal(Links, links);
    }

    [Fact]
    public async Task SearchAndListAreGraphProtosNodeLists()
    {
        // An empty string is omitted, as proto3 omits it ([DefaultValue("")] on the contract's strings).
        var reply = new Proto.NodeList { Nodes = { Node.ToProto(), (Node with { Id = 9, Name = "Ærø", Type = "" }).ToProto() } };

        var hits = await CallAsync(g => g.SearchNodesAsync(new SearchNodesRequest { Term = "am", Limit = 10 }), "SearchNodes",
            new Proto.SearchNodesRequest { Term = "am", Limit = 10 }, reply);
        var page = await CallAsync(g => g.ListNodesAsync(new ListNodesRequest { AfterId = 5, Limit = 2 }), "ListNodes",
            new Proto.ListNodesRequest { AfterId = 5, Limit = 2 }, reply);

        Assert.Equal([Node, Node with { Id = 9, Name = "Ærø", Type = "" }], hits);
        Assert.Equal(hits, page);
    }

    [Fact]
    public async Task NodeOperationsAreGraphProtos()
    {
        var created = await CallAsync(g => g.CreateNodeAsync(new NewNode { Name = "n", Type = "t" }), "CreateNode",
            new Proto.NewNode { Name = "n", Type = "t" }, Details.ToProto());
        var read = await CallAsync(g => g.GetNodeAsync(new GetNodeRequest { Id = 7 }), "GetNode",
            new Proto.GetNodeRequest { Id = 7 }, Details.ToProto());

        Assert.Equal(Details, created);
        Assert.Equal(Details, read);
    }

    [Fact]
    public async Task SnapshotAndWideRecordsAreGraphProtos()
    {
        var record = FullRecord();

        var snapshot = await CallAsync(g => g.PrepareSnapshotAsync(new PrepareSnapshotRequest { Size = 4000 }), "PrepareSnapshot",
            new Proto.PrepareSnapshotRequest { Size = 4000 }, new Proto.SnapshotInfo { Id = 3, Size = 4000 });
        var records = await CallAsync(g => g.GetRecordsAsync(new GetRecordsRequest { SnapshotId = 3, Count = 1 }), "GetRecords",
            new Proto.GetRecordsRequest { SnapshotId = 3, Count = 1 }, new Proto.RecordList { Records = { record.ToProto() } });

        Assert.Equal(new SnapshotInfo { Id = 3, Size = 4000 }, snapshot);
        Assert.Equal([record], records);
    }

    /// <summary>A string travels as field 1, which is what PingRequest and PingReply are; no argument is an empty message.</summary>
    [Fact]
    public async Task PingAndHealthBindWithoutARequestType()
    {
        var pong = await CallAsync(g => g.PingAsync("hello"), "Ping",
            new Proto.PingRequest { Payload = "hello" }, new Proto.PingReply { Payload = "hello" });
        var (health, request) = await ExchangeAsync(g => g.CheckHealthAsync(), "CheckHealth", new Proto.PingReply { Payload = "SERVING" });

        Assert.Equal(("hello", "SERVING"), (pong, health));
        Assert.Empty(request);
    }

    /// <summary>
    /// A long[] binds as it is, as repeated field 1, but protobuf-net writes a root array unpacked (a tag per id) where
    /// Google.Protobuf packs proto3's repeated int64 (one tag and a length): the same ids, one byte more per id after the first.
    /// </summary>
    [Fact]
    public async Task NeighbourhoodIdsTravelUnpackedButDecodeTheSame()
    {
        var neighbourhood = new Neighbourhood { Node = Node, Links = Links };
        var reply = new Proto.NeighbourhoodList { Neighbourhoods = { neighbourhood.ToProto() } };
        var packed = new Proto.GetNeighbourhoodsRequest { Ids = { 1, 2, 300_000 } };

        var (neighbourhoods, request) = await ExchangeAsync(g => g.GetNeighbourhoodsAsync([1, 2, 300_000]), "GetNeighbourhoods", reply);

        Assert.Equal([neighbourhood], neighbourhoods);
        Assert.Equal(packed.Ids, Proto.GetNeighbourhoodsRequest.Parser.ParseFrom(request).Ids);
        Assert.Equal(packed.CalculateSize() + packed.Ids.Count - 2, request.Length);
    }

    [Fact]
    public async Task StreamBatchesAreGraphProtosLists()
    {
        var invoker = new ReplayInvoker(new Proto.LinkList { Links = { Links.Select(ProtoMapping.ToProto) } }.ToByteArray());
        var streams = invoker.CreateGrpcService<IGraphStreamService>();

        var batches = new List<LinkView[]>();
        await foreach (var batch in streams.StreamLinksAsync(new GetLinksRequest { NodeId = 42 }))
        {
            batches.Add(batch);
        }

        Assert.Equal("/GraphService/StreamLinks", invoker.Method);
        Assert.Equal(new Proto.GetLinksRequest { NodeId = 42 }.ToByteArray(), invoker.Request);
        Assert.Equal(Links, Assert.Single(batches));
    }

    /// <summary>Calls one operation of a code-first proxy; asserts its path, request bytes and reply bytes.</summary>
    private static async Task<T> CallAsync<T>(Func<IGraphService, Task<T>> call, string operation, IMessage request, IMessage reply)
    {
        var (result, sent) = await ExchangeAsync(call, operation, reply);
        Assert.Equal(request.ToByteArray(), sent);
        return result;
    }

    /// <summary>Calls one operation of a code-first proxy; asserts its path and reply bytes, returns the request's.</summary>
    private static async Task<(T Result, byte[] Request)> ExchangeAsync<T>(Func<IGraphService, Task<T>> call, string operation,
        IMessage reply)
    {
        var invoker = new ReplayInvoker(reply.ToByteArray());

        var result = await call(invoker.CreateGrpcService<IGraphService>());

        Assert.Equal($"/{GraphContract.ServiceName}/{operation}", invoker.Method);
        Assert.Equal(reply.ToByteArray(), invoker.ReplyEncodedAgain);
        return (result, invoker.Request!);
    }

    /// <summary>Every one of the 60 fields set to a distinct non-default value.</summary>
    private static WideRecord FullRecord()
    {
        var record = new WideRecord();
        foreach (var property in typeof(WideRecord).GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.CanWrite))
        {
            var n = property.GetCustomAttribute<System.Runtime.Serialization.DataMemberAttribute>()!.Order;
            object value = property.PropertyType switch
            {
                var t when t == typeof(string) => $"{property.Name} {n}",
                var t when t == typeof(int) => n * 3,
                var t when t == typeof(long) => n * 1_000_000_007L,
                var t when t == typeof(double) => n + 0.5,
                var t when t == typeof(bool) => true,
                _ => Created.AddHours(n),
            };
            property.SetValue(record, value);
        }
        return record;
    }

    /// <summary>A channel that answers every call with one canned reply (a stream: that reply once), recording the call.</summary>
    private sealed class ReplayInvoker(byte[] reply) : CallInvoker
    {
        public string? Method { get; private set; }

        public byte[]? Request { get; private set; }

        public byte[]? ReplyEncodedAgain { get; private set; }

        public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method,
            string? host, CallOptions options, TRequest request)
        {
            var response = Record(method, request);
            return new AsyncUnaryCall<TResponse>(Task.FromResult(response), Task.FromResult(new Metadata()),
                () => Status.DefaultSuccess, () => new Metadata(), () => { });
        }

        public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(
            Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request) =>
            new(new OneMessage<TResponse>(Record(method, request)), Task.FromResult(new Metadata()),
                () => Status.DefaultSuccess, () => new Metadata(), () => { });

        public override TResponse BlockingUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host,
            CallOptions options, TRequest request) => throw new NotSupportedException();

        public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(
            Method<TRequest, TResponse> method, string? host, CallOptions options) => throw new NotSupportedException();

        public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(
            Method<TRequest, TResponse> method, string? host, CallOptions options) => throw new NotSupportedException();

        private TResponse Record<TRequest, TResponse>(Method<TRequest, TResponse> method, TRequest request)
        {
            Method = method.FullName;
            Request = Encode(method.RequestMarshaller, request);
            var response = method.ResponseMarshaller.ContextualDeserializer(new Payload(reply));
            ReplyEncodedAgain = Encode(method.ResponseMarshaller, response);
            return response;
        }

        // protobuf-net.Grpc's marshallers are contextual only, as grpc-dotnet calls them.
        private static byte[] Encode<T>(Marshaller<T> marshaller, T message)
        {
            var output = new Output();
            marshaller.ContextualSerializer(message, output);
            return output.Bytes;
        }
    }

    private sealed class Output : SerializationContext
    {
        private readonly ArrayBufferWriter<byte> _buffer = new();
        private byte[]? _complete;

        public byte[] Bytes => _complete ?? _buffer.WrittenSpan.ToArray();

        public override void Complete(byte[] payload) => _complete = payload;

        public override IBufferWriter<byte> GetBufferWriter() => _buffer;

        public override void Complete()
        {
        }
    }

    private sealed class Payload(byte[] bytes) : DeserializationContext
    {
        public override int PayloadLength => bytes.Length;

        public override byte[] PayloadAsNewBuffer() => (byte[])bytes.Clone();

        public override ReadOnlySequence<byte> PayloadAsReadOnlySequence() => new(bytes);
    }

    private sealed class OneMessage<T>(T message) : IAsyncStreamReader<T>
    {
        private bool _read;

        public T Current => message;

        public Task<bool> MoveNext(CancellationToken cancellationToken)
        {
            var next = !_read;
            _read = true;
            return Task.FromResult(next);
        }
    }
}
