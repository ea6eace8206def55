using RpcCompare.Contracts;
using RpcCompare.Contracts.Wcf;
using RpcCompare.Data.Queries;
using RpcCompare.Protocols.NetTcp;
using RpcCompare.Services;
using RpcCompare.Stacks;

namespace RpcCompare.Server.WcfSetup;

/// <summary>
/// The WCF face of the shared <see cref="GraphService"/>: one instance for the whole host with concurrent calls
/// (InstanceContextMode.Single, ConcurrencyMode.Multiple). Refusals become SOAP faults with a Sender subcode, so the
/// session goes on, as a FaultException does in WCF; so do the database's own failures, with a Receiver subcode that
/// names the cause (<see cref="FailureCauses"/>).
/// </summary>
public sealed class FaultingGraphService(GraphService service) : IGraphService
{
    // WCF gives an operation no token, and neither does this host: a call whose client aborts runs to its end and its
    // reply is dropped (docs/reliability.md), as with WCF and CoreWCF.
    private static readonly CancellationToken NotCancellable = CancellationToken.None;

    public Task<string> PingAsync(string payload) => Faults.Map(() => service.PingAsync(payload));

    public Task<LinkView[]> GetLinksAsync(GetLinksRequest request) =>
        Faults.Map(() => service.GetLinksAsync(request, NotCancellable));

    public Task<NodeSummary[]> SearchNodesAsync(SearchNodesRequest request) =>
        Faults.Map(() => service.SearchNodesAsync(request, NotCancellable));

    public Task<SnapshotInfo> PrepareSnapshotAsync(PrepareSnapshotRequest request) =>
        Faults.Map(() => service.PrepareSnapshotAsync(request, NotCancellable));

    public Task<WideRecord[]> GetRecordsAsync(GetRecordsRequest request) =>
        Faults.Map(() => service.GetRecordsAsync(request, NotCancellable));

    public Task<NodeDetails> CreateNodeAsync(NewNode node) => Faults.Map(() => service.CreateNodeAsync(node, NotCancellable));

    public Task<NodeSummary[]> ListNodesAsync(ListNodesRequest request) =>
        Faults.Map(() => service.ListNodesAsync(request, NotCancellable));

    public Task<NodeDetails> GetNodeAsync(GetNodeRequest request) => Faults.Map(() => service.GetNodeAsync(request, NotCancellable));

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids) =>
        Faults.Map(() => service.GetNeighbourhoodsAsync(ids, NotCancellable));

    public Task<string> CheckHealthAsync() => service.CheckHealthAsync(NotCancellable);

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
