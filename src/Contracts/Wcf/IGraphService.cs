using System.ServiceModel;

namespace RpcCompare.Contracts.Wcf;

/// <summary>
/// The WCF service contract, read by Microsoft's WCF client (System.ServiceModel) and served by this project's NetTcp host
/// (operation name = method name without "Async", namespace and name from <see cref="GraphContract"/>). WCF has no
/// streaming variant here: NetTcp streaming only carries a raw Stream body, so the stack is measured buffered, as the
/// studied team ran it.
/// </summary>
[ServiceContract(Name = GraphContract.ServiceName, Namespace = GraphContract.ServiceNamespace)]
public interface IGraphService
{
    [OperationContract]
    Task<string> PingAsync(string payload);

    [OperationContract]
    Task<LinkView[]> GetLinksAsync(long nodeId);

    [OperationContract]
    Task<NodeSummary[]> SearchNodesAsync(string term, int limit);

    [OperationContract]
    Task<SnapshotInfo> PrepareSnapshotAsync(int size);

    [OperationContract]
    Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count);

    [OperationContract]
    Task<NodeDetails> CreateNodeAsync(NewNode node);

    [OperationContract]
    Task<NodeSummary[]> ListNodesAsync(long afterId, int limit);

    [OperationContract]
    Task<NodeDetails> GetNodeAsync(long id);

    [OperationContract]
    Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids);

    /// <summary>Readiness probe: "SERVING" once the host can reach its database.</summary>
    [OperationContract]
    Task<string> CheckHealthAsync();
}
