using System.Diagnostics;
using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Http.HttpResults;
using RpcCompare.Contracts;
using RpcCompare.Contracts.Json;
using RpcCompare.Data.Queries;
using RpcCompare.Stacks;
using RpcCompare.Server.Common;

namespace RpcCompare.Server.Rest;

/// <summary>The graph operations as resources. Each handler is one call of the query service.</summary>
public static class GraphRestEndpoints
{
    public static void MapGraphRest(this IEndpointRouteBuilder app)
    {
        // Ids carry no route constraint: a constraint that fails is a route miss (a bare 404), while a parameter that does
        // not bind is a 400 whose message names the bad id (ThrowOnBadRequest, RestErrors).
        var api = app.MapGroup("/api");
        api.MapPost("/ping", Ping);
        api.MapGet("/nodes/{id}/links", GetLinks);
        api.MapGet("/nodes/{id}/links/stream", StreamLinks).RequireRateLimiting(StreamLimits.Policy);
        api.MapGet("/nodes/search", SearchNodes);
        api.MapGet("/nodes/search/stream", StreamSearchNodes).RequireRateLimiting(StreamLimits.Policy);
        api.MapPost("/snapshots", PrepareSnapshot);
        api.MapGet("/snapshots/{id}/records", GetRecords);
        api.MapPost("/nodes", CreateNode);
        api.MapGet("/nodes", ListNodes);
        api.MapGet("/nodes/{id}", GetNode);
        // A list in the body is read whole before its length is checked: its body limit is what 1,000 ids need.
        api.MapPost("/neighbourhoods", GetNeighbourhoods).WithMetadata(new RequestSizeLimitAttribute(MaxNeighbourhoodsBody));
    }

    /// <summary>1,000 ids of up to 20 digits with separators, and room for whitespace.</summary>
    public const long MaxNeighbourhoodsBody = 64 * 1024;

    private static Ok<PingMessage> Ping(PingMessage request, GraphQueries queries) =>
        TypedResults.Ok(new PingMessage(queries.Ping(request.Payload)));

    private static async Task<Ok<LinkView[]>> GetLinks(long id, GraphQueries queries, CancellationToken cancellationToken)
    {
        await using var links = await queries.GetLinksAsync(id, cancellationToken);
        return TypedResults.Ok(await links.ToArrayAsync(cancellationToken));
    }

    private static async Task<Ok<IAsyncEnumerable<LinkView>>> StreamLinks(long id, GraphQueries queries, HttpContext http,
        CancellationToken cancellationToken)
    {
        long started = Stopwatch.GetTimestamp();
        return Streamed(http, started, await queries.GetLinksAsync(id, cancellationToken));
    }

    private static async Task<Ok<NodeSummary[]>> SearchNodes(string term, int limit, GraphQueries queries,
        CancellationToken cancellationToken)
    {
        await using var hits = await queries.SearchNodesAsync(term, limit, cancellationToken);
        return TypedResults.Ok(await hits.ToArrayAsync(cancellationToken));
    }

    private static async Task<Ok<IAsyncEnumerable<NodeSummary>>> StreamSearchNodes(string term, int limit, GraphQueries queries,
        HttpContext http, CancellationToken cancellationToken)
    {
        long started = Stopwatch.GetTimestamp();
        return Streamed(http, started, await queries.SearchNodesAsync(term, limit, cancellationToken));
    }

    private static async Task<Ok<SnapshotInfo>> PrepareSnapshot(SnapshotRequest request, GraphQueries queries,
        CancellationToken cancellationToken) =>
        TypedResults.Ok(await queries.PrepareSnapshotAsync(request.Size, cancellationToken));

    private static async Task<Ok<WideRecord[]>> GetRecords(long id, int count, GraphQueries queries,
        CancellationToken cancellationToken)
    {
        await using var records = await queries.GetRecordsAsync(id, count, cancellationToken);
        return TypedResults.Ok(await records.ToArrayAsync(cancellationToken));
    }

    private static async Task<Created<NodeDetails>> CreateNode(NewNode node, GraphQueries queries,
        CancellationToken cancellationToken)
    {
        var created = await queries.CreateNodeAsync(node, cancellationToken);
        return TypedResults.Created($"/api/nodes/{created.Id}", created);
    }

    private static async Task<Ok<NodeSummary[]>> ListNodes(GraphQueries queries, CancellationToken cancellationToken,
        long after = 0, int limit = 100)
    {
        await using var page = await queries.ListNodesAsync(after, limit, cancellationToken);
        return TypedResults.Ok(await page.ToArrayAsync(cancellationToken));
    }

    private static async Task<Ok<NodeDetails>> GetNode(long id, GraphQueries queries, CancellationToken cancellationToken) =>
        TypedResults.Ok(await queries.GetNodeAsync(id, cancellationToken));

    private static async Task<Ok<Neighbourhood[]>> GetNeighbourhoods(NeighbourhoodRequest request, GraphQueries queries,
        CancellationToken cancellationToken) =>
        TypedResults.Ok(await queries.GetNeighbourhoodsAsync(request.Ids ?? [], cancellationToken));

    /// <summary>
    /// The rows go out as they are read; the query is closed when the response is done. The response starts (its headers
    /// go out) when System.Text.Json first flushes, with the first batch of rows: that is the stream's time to first batch
    /// (one boxed timestamp per streamed request is the price of Kestrel's callback). A client that stops reading is cut
    /// after <see cref="StreamLimits.BatchTimeout"/> without a batch taken.
    /// </summary>
    private static Ok<IAsyncEnumerable<T>> Streamed<T>(HttpContext http, long started, QueryStream<T> rows)
    {
        var deadline = new BatchDeadline(http.Abort);
        http.Response.RegisterForDispose(deadline);
        http.Response.RegisterForDisposeAsync(rows);
        http.Response.OnStarting(static state =>
        {
            ServerMetrics.RecordFirstBatch((long)state);
            return Task.CompletedTask;
        }, started);
        return TypedResults.Ok(Batched(rows, deadline, http.RequestAborted));
    }

    private static async IAsyncEnumerable<T> Batched<T>(QueryStream<T> rows, BatchDeadline deadline,
        [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var inBatch = 0;
        await foreach (var row in rows.WithCancellation(cancellationToken))
        {
            if (++inBatch == GraphContract.StreamBatchSize)
            {
                deadline.Arm();
                inBatch = 0;
            }
            yield return row;
        }
    }
}
