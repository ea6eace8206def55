using System.ServiceModel;
using ProtoBuf.Grpc;

namespace RpcCompare.Contracts.CodeFirst;

/// <summary>
/// The streaming variants, served by the code-first gRPC stack only: WCF cannot serve an IAsyncEnumerable operation, so
/// they sit beside <see cref="Wcf.IGraphService"/> rather than in it. Same gRPC service name as IGraphService (and
/// <see cref="IGraphCallService"/>, which the host serves), so the code-first host has every operation of graph.proto's
/// Graph. Each message is one batch of <see cref="GraphContract.StreamBatchSize"/> (an array is protobuf-net's repeated
/// field 1: graph.proto's LinkList and NodeList).
/// </summary>
[ServiceContract(Name = GraphContract.ServiceName, Namespace = GraphContract.ServiceNamespace)]
public interface IGraphStreamService
{
    [OperationContract]
    IAsyncEnumerable<LinkView[]> StreamLinksAsync(GetLinksRequest request, CallContext context = default);

    [OperationContract]
    IAsyncEnumerable<NodeSummary[]> StreamSearchNodesAsync(SearchNodesRequest request, CallContext context = default);
}
