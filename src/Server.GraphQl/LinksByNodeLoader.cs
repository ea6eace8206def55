using GraphQL.DataLoader;
using RpcCompare.Contracts;
using RpcCompare.Data.Queries;

namespace RpcCompare.Server.GraphQl;

/// <summary>
/// The links of many nodes in one call of the query service's batch method, so that `nodes { links { target { name } } }`
/// costs two SQL round trips however many nodes the page holds. One loader per request (scoped): GraphQL.NET resolves
/// every `links` field of a level first, collecting their node ids, and asks for the results (IDataLoaderResult) only
/// then, when the first one asked sends the batch. (GraphQL.DataLoader, which does this, is not in the package feed.)
/// </summary>
public sealed class LinksByNodeLoader(GraphQueries queries)
{
    private readonly Lock _gate = new();
    private Batch _pending = new();

    public IDataLoaderResult<LinkView[]> Load(long nodeId)
    {
        lock (_gate)
        {
            _pending.Ids.Add(nodeId);
            return new Result(this, _pending, nodeId);
        }
    }

    private Task<Dictionary<long, LinkView[]>> Dispatch(Batch batch, CancellationToken cancellationToken)
    {
        lock (_gate)
        {
            if (batch.Loaded is null)
            {
                if (ReferenceEquals(batch, _pending))
                {
                    _pending = new Batch();
                }
                batch.Loaded = FetchAsync([.. batch.Ids.Distinct()], cancellationToken);
            }
            return batch.Loaded;
        }
    }

    private async Task<Dictionary<long, LinkView[]>> FetchAsync(long[] ids, CancellationToken cancellationToken)
    {
        var links = new Dictionary<long, LinkView[]>(ids.Length);
        foreach (var chunk in ids.Chunk(GraphContract.MaxNeighbourhoodIds))
        {
            foreach (var neighbourhood in await queries.GetNeighbourhoodsAsync(chunk, cancellationToken))
            {
                links[neighbourhood.Node.Id] = neighbourhood.Links;
            }
        }
        return links;
    }

    private sealed class Batch
    {
        public List<long> Ids { get; } = [];

        public Task<Dictionary<long, LinkView[]>>? Loaded { get; set; }
    }

    private sealed class Result(LinksByNodeLoader loader, Batch batch, long nodeId) : IDataLoaderResult<LinkView[]>
    {
        public async Task<LinkView[]> GetResultAsync(CancellationToken cancellationToken = default) =>
            (await loader.Dispatch(batch, cancellationToken)).GetValueOrDefault(nodeId) ?? [];

        async Task<object?> IDataLoaderResult.GetResultAsync(CancellationToken cancellationToken) =>
            await GetResultAsync(cancellationToken);
    }
}
