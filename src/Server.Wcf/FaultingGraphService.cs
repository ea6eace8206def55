using RpcCompare.Contracts;
using RpcCompare.Contracts.Wcf;
using RpcCompare.Data.Queries;
using RpcCompare.Protocols.NetTcp;
using RpcCompare.Services;
using RpcCompare.Stacks;

namespace RpcCompare.Server.Wcf;

/// <summary>
/// The WCF face of the shared <see cref="GraphService"/>: one instance for the whole host with concurrent calls
/// (InstanceContextMode.Single, ConcurrencyMode.Multiple). Refusals become SOAP faults with a Sender subcode, so the
/// session goes on, as a FaultException does in WCF; so do the database's own failures, with a Receiver subcode that
/// names the cause (<see cref="FailureCauses"/>).
/// </summary>
public sealed class FaultingGraphService(GraphService service) : IGraphService
{
    public Task<string> PingAsync(string payload) => Faults.Map(() => service.PingAsync(payload));

    public Task<LinkView[]> GetLinksAsync(GetLinksRequest request) => Faults.Map(() => service.GetLinksAsync(request));

    public Task<NodeSummary[]> SearchNodesAsync(SearchNodesRequest request) => Faults.Map(() => service.SearchNodesAsync(request));

    public Task<SnapshotInfo> PrepareSnapshotAsync(PrepareSnapshotRequest request) =>
        Faults.Map(() => service.PrepareSnapshotAsync(request));

    public Task<WideRecord[]> GetRecordsAsync(GetRecordsRequest request) => Faults.Map(() => service.GetRecordsAsync(request));

    public Task<NodeDetails> CreateNodeAsync(NewNode node) => Faults.Map(() => service.CreateNodeAsync(node));

    public Task<NodeSummary[]> ListNodesAsync(ListNodesRequest request) => Faults.Map(() => service.ListNodesAsync(request));

    public Task<NodeDetails> GetNodeAsync(GetNodeRequest request) => Faults.Map(() => service.GetNodeAsync(request));

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids) => Faults.Map(() => service.GetNeighbourhoodsAsync(ids));

    public Task<string> CheckHealthAsync() => service.CheckHealthAsync();

    private static class Faults
    {
        public static async Task<T> Map<T>(Func<Task<T>> call)
        {
            try
            {
                return await call();
            }
            catch (GraphException e)
            {
                var code = e.Kind switch
                {
                    GraphErrorKind.NotFound => "NotFound",
                    GraphErrorKind.InvalidArgument => "InvalidArgument",
                    GraphErrorKind.WritesDisabled => "WritesDisabled",
                    _ => "Refused",
                };
                throw new FaultException(e.Message,
                    FaultCode.CreateSenderFaultCode(new FaultCode(code, GraphContract.ServiceNamespace)));
            }
            catch (Exception e) when (DatabaseFailures.CauseOf(e) is { } cause)
            {
                // A FaultException, not an unhandled error: the session survives a busy database, as the other stacks' do.
                throw new FaultException(FailureCauses.Message(cause),
                    FaultCode.CreateReceiverFaultCode(new FaultCode(cause, GraphContract.ServiceNamespace)));
            }
        }
    }
}
