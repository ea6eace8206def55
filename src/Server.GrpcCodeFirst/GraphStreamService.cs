using System.Diagnostics;
using System.Runtime.CompilerServices;
using Grpc.Core;
using Microsoft.AspNetCore.RateLimiting;
using ProtoBuf.Grpc;
using RpcCompare.Contracts;
using RpcCompare.Contracts.CodeFirst;
using RpcCompare.Data.Queries;
using RpcCompare.Server.Common;
using RpcCompare.Stacks;

namespace RpcCompare.Server.GrpcCodeFirst;

/// <summary>
/// The streaming variants in batches of <see cref="GraphContract.StreamBatchSize"/>, under the same limits as the
/// contract-first host's: the stream limiter (protobuf-net.Grpc gives each endpoint the attributes of the method that
/// implements it), and a stream cut when a batch is not taken within <see cref="StreamLimits.BatchTimeout"/>. protobuf-net.Grpc
/// writes each batch this iterator yields and asks for the next once the write is done, so the deadline is armed at each
/// yield and, on expiry, aborts the call (as the REST host does): the library's write cannot be given a token.
/// </summary>
public sealed class GraphStreamService(GraphQueries queries) : IGraphStreamService
{
    [EnableRateLimiting(StreamLimits.Policy)]
    public IAsyncEnumerable<LinkView[]> StreamLinksAsync(GetLinksRequest request, CallContext context = default) =>
        InBatches(token => queries.GetLinksAsync(request.NodeId, token), context.ServerCallContext!);

    [EnableRateLimiting(StreamLimits.Policy)]
    public IAsyncEnumerable<NodeSummary[]> StreamSearchNodesAsync(SearchNodesRequest request, CallContext context = default) =>
        InBatches(token => queries.SearchNodesAsync(request.Term, request.Limit, token), context.ServerCallContext!);

    private static async IAsyncEnumerable<T[]> InBatches<T>(Func<CancellationToken, Task<QueryStream<T>>> query,
        ServerCallContext context, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        long started = Stopwatch.GetTimestamp();
        using var linked = CancellationTokenSource.CreateLinkedTokenSource(context.CancellationToken, cancellationToken);
        await using var rows = await query(linked.Token);
        using var deadline = new BatchDeadline(context.GetHttpContext().Abort);
        var batch = new List<T>(GraphContract.StreamBatchSize);
        var first = true;
        await foreach (var row in rows.WithCancellation(linked.Token))
        {
            batch.Add(row);
            if (batch.Count == GraphContract.StreamBatchSize)
            {
                deadline.Arm();
                yield return [.. batch];
                // Back here once protobuf-net.Grpc wrote the batch.
                if (first)
                {
                    ServerMetrics.RecordFirstBatch(started);
                    first = false;
                }
                batch.Clear();
            }
        }
        if (batch.Count > 0)
        {
            deadline.Arm();
            yield return [.. batch];
            if (first)
            {
                ServerMetrics.RecordFirstBatch(started);
            }
        }
    }
}
