using RpcCompare.Contracts;
using RpcCompare.Data.Queries;
using RpcCompare.Protocols.Grpc;
using Pb = RpcCompare.Contracts.Grpc;

namespace RpcCompare.Server.Grpc;

/// <summary>The Graph service: each method converts the request, calls the query service once, converts the answer.</summary>
public static class GraphGrpcEndpoints
{
    public static void MapGraphGrpc(this IEndpointRouteBuilder app)
    {
        var queries = app.ServiceProvider.GetRequiredService<GraphQueries>();
        app.MapGrpcUnary(GraphGrpcMethods.Ping, (request, _) =>
            Task.FromResult(new Pb.PingReply { Payload = Refusals.Map(() => queries.Ping(request.Payload)) }));
        app.MapGrpcUnary(GraphGrpcMethods.GetLinks, (request, context) => Refusals.MapAsync(async () =>
        {
            await using var links = await queries.GetLinksAsync(request.NodeId, context.CancellationToken);
            var reply = new Pb.LinkList();
            await foreach (var link in links.WithCancellation(context.CancellationToken))
            {
                reply.Links.Add(link.ToProto());
            }
            return reply;
        }));
        app.MapGrpcServerStreaming(GraphGrpcMethods.StreamLinks, (request, stream, context) => Refusals.MapAsync(async () =>
        {
            await using var links = await queries.GetLinksAsync(request.NodeId, context.CancellationToken);
            await WriteInBatchesAsync(links, stream, () => new Pb.LinkList(), (batch, link) => batch.Links.Add(link.ToProto()),
                batch => batch.Links.Count, context.CancellationToken);
            return true;
        }));
        app.MapGrpcUnary(GraphGrpcMethods.SearchNodes, (request, context) => Refusals.MapAsync(async () =>
        {
            await using var hits = await queries.SearchNodesAsync(request.Term, request.Limit, context.CancellationToken);
            var reply = new Pb.NodeList();
            await foreach (var node in hits.WithCancellation(context.CancellationToken))
            {
                reply.Nodes.Add(node.ToProto());
            }
            return reply;
        }));
        app.MapGrpcServerStreaming(GraphGrpcMethods.StreamSearchNodes, (request, stream, context) => Refusals.MapAsync(async () =>
        {
            await using var hits = await queries.SearchNodesAsync(request.Term, request.Limit, context.CancellationToken);
            await WriteInBatchesAsync(hits, stream, () => new Pb.NodeList(), (batch, node) => batch.Nodes.Add(node.ToProto()),
                batch => batch.Nodes.Count, context.CancellationToken);
            return true;
        }));
        app.MapGrpcUnary(GraphGrpcMethods.PrepareSnapshot, (request, context) => Refusals.MapAsync(async () =>
            (await queries.PrepareSnapshotAsync(request.Size, context.CancellationToken)).ToProto()));
        app.MapGrpcUnary(GraphGrpcMethods.GetRecords, (request, context) => Refusals.MapAsync(async () =>
        {
            await using var records = await queries.GetRecordsAsync(request.SnapshotId, request.Count, context.CancellationToken);
            var reply = new Pb.RecordList();
            await foreach (var record in records.WithCancellation(context.CancellationToken))
            {
                reply.Records.Add(record.ToProto());
            }
            return reply;
        }));
        app.MapGrpcUnary(GraphGrpcMethods.CreateNode, (request, context) => Refusals.MapAsync(async () =>
            (await queries.CreateNodeAsync(request.FromProto(), context.CancellationToken)).ToProto()));
        app.MapGrpcUnary(GraphGrpcMethods.ListNodes, (request, context) => Refusals.MapAsync(async () =>
        {
            await using var page = await queries.ListNodesAsync(request.AfterId, request.Limit, context.CancellationToken);
            var reply = new Pb.NodeList();
            await foreach (var node in page.WithCancellation(context.CancellationToken))
            {
                reply.Nodes.Add(node.ToProto());
            }
            return reply;
        }));
        app.MapGrpcUnary(GraphGrpcMethods.GetNode, (request, context) => Refusals.MapAsync(async () =>
            (await queries.GetNodeAsync(request.Id, context.CancellationToken)).ToProto()));
        app.MapGrpcUnary(GraphGrpcMethods.GetNeighbourhoods, (request, context) => Refusals.MapAsync(async () =>
        {
            var neighbourhoods = await queries.GetNeighbourhoodsAsync(request.Ids, context.CancellationToken);
            var reply = new Pb.NeighbourhoodList();
            foreach (var neighbourhood in neighbourhoods)
            {
                reply.Neighbourhoods.Add(neighbourhood.ToProto());
            }
            return reply;
        }));
        app.MapGrpcHealthChecks(queries.IsDatabaseReachableAsync);
    }

    /// <summary>Server streaming in batches of <see cref="GraphContract.StreamBatchSize"/>: one item per message is slow.</summary>
    private static async Task WriteInBatchesAsync<TItem, TBatch>(IAsyncEnumerable<TItem> items, IGrpcStreamWriter<TBatch> stream,
        Func<TBatch> newBatch, Action<TBatch, TItem> add, Func<TBatch, int> count, CancellationToken cancellationToken)
    {
        var batch = newBatch();
        await foreach (var item in items.WithCancellation(cancellationToken))
        {
            add(batch, item);
            if (count(batch) == GraphContract.StreamBatchSize)
            {
                await stream.WriteAsync(batch, cancellationToken);
                batch = newBatch();
            }
        }
        if (count(batch) > 0)
        {
            await stream.WriteAsync(batch, cancellationToken);
        }
    }
}
