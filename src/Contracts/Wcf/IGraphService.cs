using System.ServiceModel;

namespace RpcCompare.Contracts.Wcf;

/// <summary>
/// The WCF service contract, read by Microsoft's WCF client (System.ServiceModel) and served by this project's NetTcp host
/// (operation name = method name without "Async", namespace and name from <see cref="GraphContract"/>). WCF has no
/// streaming variant here: NetTcp streaming only carries a raw Stream body, so the stack is measured buffered, as the
/// studied team ran it. The code-first gRPC stack's clients call this same interface through protobuf-net.Grpc (its host
/// serves <see cref="CodeFirst.IGraphCallService"/>, these operations with a CallContext each), which binds an
/// operation only when it takes one data contract: operations whose arguments were values (a node id, a term and a
/// limit) take one request type each (<see cref="GetLinksRequest"/> ...), the way a team moving off WCF reshapes its
/// contract; a string, an array and no argument bind as they are.
/// </summary>
[ServiceContract(Name = GraphContract.ServiceName, Namespace = GraphContract.ServiceNamespace)]
public interface IGraphService
{
    [OperationContract]
    Task<string> PingAsync(string payload);

    [OperationContract]
    Task<LinkView[]> GetLinksAsync(GetLinksRequest request);

    [OperationContract]
    Task<NodeSummary[]> SearchNodesAsync(SearchNodesRequest request);

    [OperationContract]
    Task<SnapshotInfo> PrepareSnapshotAsync(PrepareSnapshotRequest request);

    [OperationContract]
    Task<WideRecord[]> GetRecordsAsync(GetRecordsRequest request);

    [OperationContract]
    Task<NodeDetails> CreateNodeAsync(NewNode node);

    [OperationContract]
    Task<NodeSummary[]> ListNodesAsync(ListNodesRequest request);

    [OperationContract]
    Task<NodeDetails> GetNodeAsync(GetNodeRequest request);

    [OperationContract]
    Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids);

    /// <summary>Readiness probe: "SERVING" once the host can reach its database.</summary>
    [OperationContract]
    Task<string> CheckHealthAsync();
}
