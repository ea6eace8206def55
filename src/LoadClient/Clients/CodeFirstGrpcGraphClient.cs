using Grpc.Core;
using Grpc.Core.Interceptors;
using ProtoBuf.Grpc;
using ProtoBuf.Grpc.Client;
using ProtoBuf.Grpc.Configuration;
using RpcCompare.Contracts;
using RpcCompare.Contracts.CodeFirst;
using RpcCompare.Stacks;
using RpcCompare.Contracts.Wcf;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// Code-first gRPC through protobuf-net.Grpc: proxies of the WCF stack's own <see cref="IGraphService"/> (and the
/// streaming <see cref="IGraphStreamService"/>) made by <c>CreateGrpcService</c> over the same connections as the
/// contract-first client (<see cref="GrpcConnections"/>); every call carries its deadline (<see cref="CallOptionsInterceptor"/>).
/// </summary>
public sealed class CodeFirstGrpcGraphClient : ServiceContractGraphClient
{
    /// <summary>One factory for every proxy: it holds the proxy types protobuf-net.Grpc emits, once per contract.</summary>
    private static readonly ClientFactory Factory = ClientFactory.Default;

    private readonly GrpcConnections _connections;
    private readonly IGraphService[] _graphs;
    private readonly IGraphStreamService[] _streams;
    private readonly TimeSpan _timeout;

    public CodeFirstGrpcGraphClient(Uri address, ClientOptions options)
    {
        _connections = new GrpcConnections(address, options.Connections, trusted: options.TrustedCertificate, newConnectionPerCall: options.NewConnectionPerCall);
        var interceptor = new CallOptionsInterceptor(options.RequestTimeout);
        _graphs = _connections.Create(invoker => invoker.Intercept(interceptor).CreateGrpcService<IGraphService>(Factory));
        _streams = _connections.Create(invoker => invoker.Intercept(interceptor).CreateGrpcService<IGraphStreamService>(Factory));
        _timeout = options.RequestTimeout;
    }

    public static string Library => $"protobuf-net.Grpc {LibraryVersion.Of(typeof(ClientFactory))}";

    public override string Stack => Stacks.StackCatalog.GrpcCodeFirst;

    public override string Description => $"{Library} on {_connections.Description}" +
        ", CreateGrpcService<IGraphService> proxies, deadline per call, no receive limit";

    public override (long Sent, long Received) WireBytes => _connections.WireBytes;

    /// <summary>grpc.health.v1.Health, as the contract-first client asks it.</summary>
    public override Task<bool> CheckHealthAsync(CancellationToken cancellationToken) =>
        _connections.CheckHealthAsync(new CallOptions(deadline: DateTime.UtcNow + _timeout, cancellationToken: cancellationToken));

    public override Task<LinkView[]> StreamLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        Streaming((s, context) => s.StreamLinksAsync(new GetLinksRequest { NodeId = nodeId }, context), cancellationToken);

    public override Task<NodeSummary[]> StreamSearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        Streaming((s, context) => s.StreamSearchNodesAsync(new SearchNodesRequest { Term = term, Limit = limit }, context),
            cancellationToken);

    protected override async Task<T> CallAsync<T>(Func<IGraphService, Task<T>> operation, CancellationToken cancellationToken)
    {
        try
        {
            // Read by the interceptor as the proxy starts the call; this async method's own context, so it ends here.
            CallOptionsInterceptor.CallerToken = cancellationToken;
            return await operation(_connections.Next(_graphs));
        }
        catch (RpcException e)
        {
            throw GrpcErrors.Classify(e, cancellationToken);
        }
    }

    private async Task<T[]> Streaming<T>(Func<IGraphStreamService, CallContext, IAsyncEnumerable<T[]>> call,
        CancellationToken cancellationToken)
    {
        var items = new List<T>();
        try
        {
            var context = new CallContext(new CallOptions(deadline: DateTime.UtcNow + _timeout, cancellationToken: cancellationToken));
            await foreach (var batch in call(_connections.Next(_streams), context).WithCancellation(cancellationToken))
            {
                items.AddRange(batch);
            }
        }
        catch (RpcException e)
        {
            throw GrpcErrors.Classify(e, cancellationToken);
        }
        return [.. items];
    }

    public override ValueTask DisposeAsync()
    {
        _connections.Dispose();
        return ValueTask.CompletedTask;
    }
}
