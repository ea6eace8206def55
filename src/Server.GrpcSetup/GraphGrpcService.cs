using System.Diagnostics;
using Grpc.Core;
using Microsoft.AspNetCore.RateLimiting;
using RpcCompare.Contracts;
using RpcCompare.Data.Queries;
using RpcCompare.Server.Common;
using RpcCompare.Stacks;
using Proto = RpcCompare.Contracts.Grpc;

namespace RpcCompare.Server.GrpcSetup;

/// <summary>
/// The Graph service of graph.proto on the base class Grpc.Tools generates: each method converts the request, calls the
/// query service once and converts the answer. Refusals of the query service become gRPC statuses (<see cref="Refusals"/>).
/// </summary>
public sealed class GraphGrpcService(GraphQueries queries) : Proto.Graph.GraphBase
{
    public override Task<Proto.PingReply> Ping(Proto.PingRequest request, ServerCallContext context) =>
        Task.FromResult(new Proto.PingReply { Payload = Refusals.Map(() => queries.Ping(request.Payload)) });

    public override Task<Proto.LinkList> GetLinks(Proto.GetLinksRequest request, ServerCallContext context) =>
        ReplyAsync(token => queries.GetLinksAsync(request.NodeId, token), new Proto.LinkList(),
            (reply, link) => reply.Links.Add(link.ToProto()), context);

    [EnableRateLimiting(StreamLimits.Policy)]
    public override Task StreamLinks(Proto.GetLinksRequest request, IServerStreamWriter<Proto.LinkList> responseStream,
        ServerCallContext context) => Refusals.MapAsync(async () =>
    {
        long started = Stopwatch.GetTimestamp();
        await using var links = await queries.GetLinksAsync(request.NodeId, context.CancellationToken);
        await WriteInBatchesAsync(started, links, responseStream, () => new Proto.LinkList(), (batch, link) => batch.Links.Add(link.ToProto()),
            batch => batch.Links.Count, context.CancellationToken);
        return true;
    });

    public override Task<Proto.NodeList> SearchNodes(Proto.SearchNodesRequest request, ServerCallContext context) =>
        ReplyAsync(token => queries.SearchNodesAsync(request.Term, request.Limit, token), new Proto.NodeList(),
            (reply, node) => reply.Nodes.Add(node.ToProto()), context);

    [EnableRateLimiting(StreamLimits.Policy)]
    public override Task StreamSearchNodes(Proto.SearchNodesRequest request, IServerStreamWriter<Proto.NodeList> responseStream,
        ServerCallContext context) => Refusals.MapAsync(async () =>
    {
        long started = Stopwatch.GetTimestamp();
        await using var hits = await queries.SearchNodesAsync(request.Term, request.Limit, context.CancellationToken);
        await WriteInBatchesAsync(started, hits, responseStream, () => new Proto.NodeList(), (batch, node) => batch.Nodes.Add(node.ToProto()),
            batch => batch.Nodes.Count, context.CancellationToken);
        return true;
    });

    public override Task<Proto.SnapshotInfo> PrepareSnapshot(Proto.PrepareSnapshotRequest request, ServerCallContext context) =>
        Refusals.MapAsync(async () => (await queries.PrepareSnapshotAsync(request.Size, context.CancellationToken)).ToProto());

    public override Task<Proto.RecordList> GetRecords(Proto.GetRecordsRequest request, ServerCallContext context) =>
        ReplyAsync(token => queries.GetRecordsAsync(request.SnapshotId, request.Count, token), new Proto.RecordList(),
            (reply, record) => reply.Records.Add(record.ToProto()), context);

    public override Task<Proto.NodeDetails> CreateNode(Proto.NewNode request, ServerCallContext context) =>
        Refusals.MapAsync(async () => (await queries.CreateNodeAsync(request.FromProto(), context.CancellationToken)).ToProto());

    public override Task<Proto.NodeList> ListNodes(Proto.ListNodesRequest request, ServerCallContext context) =>
        ReplyAsync(token => queries.ListNodesAsync(request.AfterId, request.Limit, token), new Proto.NodeList(),
            (reply, node) => reply.Nodes.Add(node.ToProto()), context);

    public override Task<Proto.NodeDetails> GetNode(Proto.GetNodeRequest request, ServerCallContext context) =>
        Refusals.MapAsync(async () => (await queries.GetNodeAsync(request.Id, context.CancellationToken)).ToProto());

    public override Task<Proto.NeighbourhoodList> GetNeighbourhoods(Proto.GetNeighbourhoodsRequest request, ServerCallContext context) =>
        Refusals.MapAsync(async () =>
        {
            var neighbourhoods = await queries.GetNeighbourhoodsAsync(request.Ids, context.CancellationToken);
            var reply = new Proto.NeighbourhoodList();
            foreach (var neighbourhood in neighbourhoods)
            {
                reply.Neighbourhoods.Add(neighbourhood.ToProto());
            }
            return reply;
        });

    /// <summary>One unary reply holding every row of one query.</summary>
    private static Task<TReply> ReplyAsync<TItem, TReply>(Func<CancellationToken, Task<QueryStream<TItem>>> query, TReply reply,
        Action<TReply, TItem> add, ServerCallContext context) => Refusals.MapAsync(async () =>
    {
        await using var rows = await query(context.CancellationToken);
        await foreach (var row in rows.WithCancellation(context.CancellationToken))
        {
            add(reply, row);
        }
        return reply;
    });

    /// <summary>
    /// Server streaming in batches of <see cref="GraphContract.StreamBatchSize"/>: one item per message is slow. The time from
    /// <paramref name="started"/> to the first batch written is recorded as the stream's time to first batch. A write that
    /// waits longer than <see cref="StreamLimits.BatchTimeout"/> (HTTP/2 flow control: the client stopped reading) ends the
    /// call with DEADLINE_EXCEEDED.
    /// </summary>
    private static async Task WriteInBatchesAsync<TItem, TBatch>(long started, IAsyncEnumerable<TItem> items,
        IServerStreamWriter<TBatch> stream, Func<TBatch> newBatch, Action<TBatch, TItem> add, Func<TBatch, int> count,
        CancellationToken cancellationToken)
    {
        using var deadline = new BatchDeadline();
        var batch = newBatch();
        var first = true;
        await foreach (var item in items.WithCancellation(cancellationToken))
        {
            add(batch, item);
            if (count(batch) == GraphContract.StreamBatchSize)
            {
                await WriteAsync(stream, batch, deadline);
                if (first)
                {
                    ServerMetrics.RecordFirstBatch(started);
                    first = false;
                }
                batch = newBatch();
            }
        }
        if (count(batch) > 0)
        {
            await WriteAsync(stream, batch, deadline);
            if (first)
            {
                ServerMetrics.RecordFirstBatch(started);
            }
        }
    }

    private static async Task WriteAsync<TBatch>(IServerStreamWriter<TBatch> stream, TBatch batch, BatchDeadline deadline)
    {
        deadline.Arm();
        try
        {
            await stream.WriteAsync(batch, deadline.Token);
        }
        catch (OperationCanceledException) when (deadline.Expired)
        {
            throw new RpcException(new Status(StatusCode.DeadlineExceeded,
                $"The client did not read a batch within {StreamLimits.BatchTimeout.TotalSeconds:N0} s; the stream was cut."));
        }
    }
}
