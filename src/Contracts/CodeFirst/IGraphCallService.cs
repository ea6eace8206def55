using System.ServiceModel;
using ProtoBuf.Grpc;
using RpcCompare.Contracts.Wcf;

namespace RpcCompare.Contracts.CodeFirst;

/// <summary>
/// <see cref="IGraphService"/> as the code-first gRPC host serves it: the same operations, names, messages and gRPC service
/// name (the wire is the same, and clients call it through IGraphService), each with protobuf-net.Grpc's
/// <see cref="CallContext"/>, through which the host sees the call's deadline and cancellation. IGraphService cannot take
/// it: WCF's client and the NetTcp host read every parameter as part of the message. CodeFirstContractTests keeps the two
/// alike.
/// </summary>
[ServiceContract(Name = GraphContract.ServiceName, Namespace = GraphContract.ServiceNamespace)]
public interface IGraphCallService
{
    [OperationContract]
    Task<string> PingAsync(string payload, CallContext context = default);

    [OperationContract]
    Task<LinkView[]> GetLinksAsync(GetLinksRequest request, CallContext context = default);

    [OperationContract]
    Task<NodeSummary[]> SearchNodesAsync(SearchNodesRequest request, CallContext context = default);

    [OperationContract]
    Task<SnapshotInfo> PrepareSnapshotAsync(PrepareSnapshotRequest request, CallContext context = default);

    [OperationContract]
    Task<WideRecord[]> GetRecordsAsync(GetRecordsRequest request, CallContext context = default);

    [OperationContract]
    Task<NodeDetails> CreateNodeAsync(NewNode node, CallContext context = default);

    [OperationContract]
    Task<NodeSummary[]> ListNodesAsync(ListNodesRequest request, CallContext context = default);

    [OperationContract]
    Task<NodeDetails> GetNodeAsync(GetNodeRequest request, CallContext context = default);

    [OperationContract]
    Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids, CallContext context = default);

    [OperationContract]
    Task<string> CheckHealthAsync(CallContext context = default);
}
