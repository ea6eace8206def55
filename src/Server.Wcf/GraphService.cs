using RpcCompare.Contracts;
using RpcCompare.Contracts.Wcf;
using RpcCompare.Data.Queries;
using RpcCompare.Definitions;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.Server.Wcf;

/// <summary>
/// The WCF service: one instance for the whole host with concurrent calls (InstanceContextMode.Single,
/// ConcurrencyMode.Multiple), each operation one call of the query service. Refusals become SOAP faults with a Sender
/// subcode, so the session goes on, as a FaultException does in WCF; so do the database's own failures, with a Receiver
/// subcode that names the cause (<see cref="FailureCauses"/>).
/// </summary>
public sealed class GraphService(GraphQueries queries) : IGraphService
{
    public Task<string> PingAsync(string payload) => Faults.Map(() => Task.FromResult(queries.Ping(payload)));

    public Task<LinkView[]> GetLinksAsync(long nodeId) => Faults.Map(async () =>
    {
        await using var links = await queries.GetLinksAsync(nodeId, CancellationToken.None);
        return await links.ToArrayAsync();
    });

    public Task<NodeSummary[]> SearchNodesAsync(string term, int limit) => Faults.Map(async () =>
    {
        await using var hits = await queries.SearchNodesAsync(term, limit, CancellationToken.None);
        return await hits.ToArrayAsync();
    });

    public Task<SnapshotInfo> PrepareSnapshotAsync(int size) =>
        Faults.Map(() => queries.PrepareSnapshotAsync(size, CancellationToken.None));

    public Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count) => Faults.Map(async () =>
    {
        await using var records = await queries.GetRecordsAsync(snapshotId, count, CancellationToken.None);
        return await records.ToArrayAsync();
    });

    public Task<NodeDetails> CreateNodeAsync(NewNode node) =>
        Faults.Map(() => queries.CreateNodeAsync(node ?? new NewNode(), CancellationToken.None));

    public Task<NodeSummary[]> ListNodesAsync(long afterId, int limit) => Faults.Map(async () =>
    {
        await using var page = await queries.ListNodesAsync(afterId, limit, CancellationToken.None);
        return await page.ToArrayAsync();
    });

    public Task<NodeDetails> GetNodeAsync(long id) => Faults.Map(() => queries.GetNodeAsync(id, CancellationToken.None));

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids) =>
        Faults.Map(() => queries.GetNeighbourhoodsAsync(ids ?? [], CancellationToken.None));

    public async Task<string> CheckHealthAsync() =>
        await queries.IsDatabaseReachableAsync(CancellationToken.None) ? "SERVING" : "NOT_SERVING";

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
