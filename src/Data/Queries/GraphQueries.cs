using System.Diagnostics;
using Microsoft.EntityFrameworkCore;
using RpcCompare.Contracts;
using RpcCompare.Data.Model;
using RpcCompare.Stacks;

namespace RpcCompare.Data.Queries;

/// <summary>
/// The one query service behind all four hosts: every stack calls these methods, so a difference measured between stacks
/// is a difference in transport, not in data access. Reads are no-tracking projections straight into the contract types;
/// large answers come back as <see cref="QueryStream{T}"/> and are read from the database while the host serializes them.
/// </summary>
public sealed partial class GraphQueries(IDbContextFactory<GraphDb> contexts, GraphQueryOptions options)
{
    private NodeTypeCache? _nodeTypes;

    public GraphQueryOptions Options { get; } = options;

    /// <summary>Echo without the database: the baseline cost of a call on each stack.</summary>
    [System.Diagnostics.CodeAnalysis.SuppressMessage("Performance", "CA1822", Justification = "One of the query service's operations: every host calls it on the instance it was given, like the others.")]
    public string Ping(string? payload)
    {
        if (payload is null)
        {
            throw GraphException.Invalid("The ping payload is required.");
        }
        if (payload.Length > GraphContract.MaxPingPayloadLength)
        {
            throw GraphException.Invalid(
                $"The ping payload has {payload.Length:N0} characters; at most {GraphContract.MaxPingPayloadLength:N0} are echoed.");
        }
        // No database: the call's query time is zero, which is what the breakdown shows for ping.
        ServerMetrics.RecordQuery(0);
        return payload;
    }

    /// <summary>The links of a node with their target nodes and type names, in link id order.</summary>
    public async Task<QueryStream<LinkView>> GetLinksAsync(long nodeId, CancellationToken cancellationToken)
    {
        var db = await contexts.CreateDbContextAsync(cancellationToken);
        long delayed;
        try
        {
            delayed = await DelayAsync(db, cancellationToken);
        }
        catch
        {
            await db.DisposeAsync();
            throw;
        }
        var links = await QueryStream<LinkView>.OpenAsync(db, LinksOf(db, nodeId), cancellationToken);
        links.AddDatabaseTime(delayed);
        if (links.IsEmpty)
        {
            long started = Stopwatch.GetTimestamp();
            bool exists;
            try
            {
                exists = await NodeExists(db, nodeId, cancellationToken);
            }
            catch
            {
                await links.DisposeAsync();
                throw;
            }
            links.AddDatabaseTime(Stopwatch.GetTimestamp() - started);
            if (!exists)
            {
                await links.DisposeAsync();
                throw GraphException.NotFound($"Node {nodeId} does not exist.");
            }
        }
        return links;
    }

    /// <summary>
    /// Nodes whose name starts with the term, ignoring case; the term is plain text (LIKE wildcards in it match
    /// themselves). Ordered by lower-cased name (code point order), then id.
    /// </summary>
    public async Task<QueryStream<NodeSummary>> SearchNodesAsync(string term, int limit, CancellationToken cancellationToken)
    {
        ValidateSearch(term, limit);
        var db = await contexts.CreateDbContextAsync(cancellationToken);
        return await QueryStream<NodeSummary>.OpenAsync(
            db, NodesStartingWith(db, Node.KeyOf(term), limit), cancellationToken);
    }

    /// <summary>A page of nodes after the given id, in id order (keyset paging, never OFFSET).</summary>
    public async Task<QueryStream<NodeSummary>> ListNodesAsync(long afterId, int limit, CancellationToken cancellationToken)
    {
        if (limit < 1 || limit > GraphContract.MaxListLimit)
        {
            throw GraphException.Invalid($"limit must be between 1 and {GraphContract.MaxListLimit:N0} (was {limit:N0}).");
        }
        var db = await contexts.CreateDbContextAsync(cancellationToken);
        return await QueryStream<NodeSummary>.OpenAsync(db, NodesAfter(db, afterId, limit), cancellationToken);
    }

    public async Task<NodeDetails> GetNodeAsync(long id, CancellationToken cancellationToken)
    {
        long started = Stopwatch.GetTimestamp();
        try
        {
            await using var db = await contexts.CreateDbContextAsync(cancellationToken);
            return await NodeById(db, id, cancellationToken) ?? throw GraphException.NotFound($"Node {id} does not exist.");
        }
        finally
        {
            ServerMetrics.RecordQuery(Stopwatch.GetTimestamp() - started);
        }
    }

    /// <summary>
    /// Nodes with all their links for a batch of ids, in the order the ids were given; unknown ids are left out.
    /// Serves the "fat" call and the GraphQL DataLoader in two queries whatever the batch size.
    /// </summary>
    public async Task<Neighbourhood[]> GetNeighbourhoodsAsync(IReadOnlyCollection<long> ids, CancellationToken cancellationToken)
    {
        long started = Stopwatch.GetTimestamp();
        try
        {
            ArgumentNullException.ThrowIfNull(ids);
            if (ids.Count > GraphContract.MaxNeighbourhoodIds)
            {
                throw GraphException.Invalid(
                    $"At most {GraphContract.MaxNeighbourhoodIds:N0} ids can be fetched at once (got {ids.Count:N0}).");
            }
            var distinct = ids.Distinct().ToArray();
            if (distinct.Length == 0)
            {
                return [];
            }

            await using var db = await contexts.CreateDbContextAsync(cancellationToken);
            var nodes = new Dictionary<long, NodeSummary>(distinct.Length);
            long linkCount = 0;
            await foreach (var counted in NodesByIds(db, distinct).WithCancellation(cancellationToken))
            {
                nodes[counted.Node.Id] = counted.Node;
                linkCount += counted.LinkCount;
            }
            // Checked from the nodes' stored link counts before any link is read: the ids are a small request, the
            // links they name need not be.
            if (linkCount > Options.MaxNeighbourhoodLinks)
            {
                throw GraphException.Invalid(
                    $"These {nodes.Count:N0} nodes have {linkCount:N0} links together; at most {Options.MaxNeighbourhoodLinks:N0} " +
                    "are returned by one call. Ask for fewer or smaller nodes at a time.");
            }
            var links = new Dictionary<long, List<LinkView>>(nodes.Count);
            await foreach (var row in LinksOfMany(db, distinct).WithCancellation(cancellationToken))
            {
                if (!links.TryGetValue(row.SourceId, out var list))
                {
                    links[row.SourceId] = list = [];
                }
                list.Add(row.Link);
            }

            var result = new List<Neighbourhood>(nodes.Count);
            foreach (var id in distinct)
            {
                if (nodes.TryGetValue(id, out var node))
                {
                    result.Add(new Neighbourhood
                    {
                        Node = node,
                        Links = links.TryGetValue(id, out var list) ? [.. list] : [],
                    });
                }
            }
            return [.. result];
        }
        finally
        {
            ServerMetrics.RecordQuery(Stopwatch.GetTimestamp() - started);
        }
    }

    /// <summary>
    /// The configured <see cref="GraphQueryOptions.QueryDelay"/> as a pg_sleep on the call's connection (a slower database,
    /// on purpose); the Stopwatch ticks it took, 0 when there is none.
    /// </summary>
    private async Task<long> DelayAsync(GraphDb db, CancellationToken cancellationToken)
    {
        if (Options.QueryDelay <= TimeSpan.Zero)
        {
            return 0;
        }
        long started = Stopwatch.GetTimestamp();
        await db.Database.ExecuteSqlAsync($"SELECT pg_sleep({Options.QueryDelay.TotalSeconds})", cancellationToken);
        return Stopwatch.GetTimestamp() - started;
    }

    private static async Task<bool> NodeExists(GraphDb db, long id, CancellationToken cancellationToken) =>
        await db.Nodes.AnyAsync(n => n.Id == id, cancellationToken);

    private static void ValidateSearch(string? term, int limit)
    {
        if (string.IsNullOrEmpty(term))
        {
            throw GraphException.Invalid("The search term must not be empty.");
        }
        if (term.Length > GraphContract.MaxSearchTermLength)
        {
            throw GraphException.Invalid(
                $"The search term has {term.Length:N0} characters; at most {GraphContract.MaxSearchTermLength} are allowed.");
        }
        if (term.Contains('\0', StringComparison.Ordinal))
        {
            throw GraphException.Invalid("The search term must not contain a NUL character.");
        }
        if (limit < 1 || limit > GraphContract.MaxSearchLimit)
        {
            throw GraphException.Invalid($"limit must be between 1 and {GraphContract.MaxSearchLimit:N0} (was {limit:N0}).");
        }
    }
}
