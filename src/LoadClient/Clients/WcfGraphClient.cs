using System.Collections.Concurrent;
using System.Net.Sockets;
using System.Xml;
using RpcCompare.Contracts;
using RpcCompare.LoadClient.Measurement;
using RpcCompare.Contracts.Wcf;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// WCF over NetTcp through one ChannelFactory and a pool of open channels, one per concurrent caller: a NetTcp session
/// carries one call at a time, so the studied team's 10 threads meant 10 channels. A channel that faults is aborted and
/// replaced; one that received a SOAP fault stays usable, as in WCF.
/// </summary>
public sealed class WcfGraphClient : IGraphClient
{
    private static readonly ContractDescription Contract =
        ContractDescription.Create<IGraphService>(GraphContract.ServiceName, GraphContract.ServiceNamespace);

    private readonly NetTcpChannelFactory<IGraphService> _factory;
    private readonly ConcurrentBag<IGraphService> _idle = [];
    private readonly ConcurrentQueue<INetTcpClientChannel> _opened = new();

    public WcfGraphClient(Uri address, ClientOptions options)
    {
        var binding = new NetTcpBinding
        {
            // The receiver's quota is the one that counts: a hub's 250,000 links are several MB.
            MaxReceivedMessageSize = 1L << 30,
            ReaderQuotas = XmlDictionaryReaderQuotas.Max,
            SendTimeout = options.RequestTimeout,
            OpenTimeout = TimeSpan.FromSeconds(15),
        };
        _factory = new NetTcpChannelFactory<IGraphService>(binding, address, Contract);
    }

    public string Stack => "wcf";

    public bool SupportsStreaming => false;

    /// <summary>Summed over every channel ever opened, aborted ones included (their counts stay readable).</summary>
    public (long Sent, long Received) WireBytes =>
        (_opened.Sum(c => c.BytesSent), _opened.Sum(c => c.BytesReceived));

    public async Task<bool> CheckHealthAsync(CancellationToken cancellationToken)
    {
        try
        {
            return await CallAsync(c => c.CheckHealthAsync(), cancellationToken) == "SERVING";
        }
        catch (GraphCallException)
        {
            return false;
        }
    }

    public Task<string> PingAsync(string payload, CancellationToken cancellationToken) =>
        CallAsync(c => c.PingAsync(payload), cancellationToken);

    public Task<LinkView[]> GetLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        CallAsync(c => c.GetLinksAsync(nodeId), cancellationToken);

    public Task<LinkView[]> StreamLinksAsync(long nodeId, CancellationToken cancellationToken) =>
        throw new NotSupportedException("The WCF stack has no streaming variant.");

    public Task<NodeSummary[]> SearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        CallAsync(c => c.SearchNodesAsync(term, limit), cancellationToken);

    public Task<NodeSummary[]> StreamSearchNodesAsync(string term, int limit, CancellationToken cancellationToken) =>
        throw new NotSupportedException("The WCF stack has no streaming variant.");

    public Task<SnapshotInfo> PrepareSnapshotAsync(int size, CancellationToken cancellationToken) =>
        CallAsync(c => c.PrepareSnapshotAsync(size), cancellationToken);

    public Task<WideRecord[]> GetRecordsAsync(long snapshotId, int count, CancellationToken cancellationToken) =>
        CallAsync(c => c.GetRecordsAsync(snapshotId, count), cancellationToken);

    public Task<NodeDetails> CreateNodeAsync(NewNode node, CancellationToken cancellationToken) =>
        CallAsync(c => c.CreateNodeAsync(node), cancellationToken);

    public Task<NodeSummary[]> ListNodesAsync(long afterId, int limit, CancellationToken cancellationToken) =>
        CallAsync(c => c.ListNodesAsync(afterId, limit), cancellationToken);

    public Task<NodeDetails> GetNodeAsync(long id, CancellationToken cancellationToken) =>
        CallAsync(c => c.GetNodeAsync(id), cancellationToken);

    public Task<Neighbourhood[]> GetNeighbourhoodsAsync(long[] ids, CancellationToken cancellationToken) =>
        CallAsync(c => c.GetNeighbourhoodsAsync(ids), cancellationToken);

    private async Task<T> CallAsync<T>(Func<IGraphService, Task<T>> call, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        var channel = await RentAsync(cancellationToken);
        try
        {
            var result = await call(channel).WaitAsync(cancellationToken);
            _idle.Add(channel);
            return result;
        }
        catch (FaultException e)
        {
            _idle.Add(channel);
            throw new GraphCallException(KindOf(e.Code), $"fault {e.Code}", e.Reason, e);
        }
        catch (Exception e) when (e is CommunicationException or TimeoutException or OperationCanceledException or IOException)
        {
            // Anything but a SOAP fault leaves a WCF channel faulted: throw it away, the next call opens a new one.
            ((INetTcpClientChannel)channel).Abort();
            throw new GraphCallException(e switch
            {
                TimeoutException => ErrorKind.Timeout,
                OperationCanceledException when cancellationToken.IsCancellationRequested => ErrorKind.Cancelled,
                OperationCanceledException => ErrorKind.Timeout,
                QuotaExceededException => ErrorKind.Protocol,
                _ when e.InnerException is SocketException { SocketErrorCode: SocketError.ConnectionRefused } => ErrorKind.Refused,
                _ => ErrorKind.Protocol,
            }, $"wcf {e.GetType().Name}", e.Message, e);
        }
    }

    private async Task<IGraphService> RentAsync(CancellationToken cancellationToken)
    {
        while (_idle.TryTake(out var channel))
        {
            if (((INetTcpClientChannel)channel).State == CommunicationState.Opened)
            {
                return channel;
            }
            ((INetTcpClientChannel)channel).Abort();
        }
        var created = _factory.CreateChannel();
        try
        {
            await ((INetTcpClientChannel)created).OpenAsync(cancellationToken);
        }
        catch (Exception e) when (e is CommunicationException or TimeoutException or SocketException or IOException)
        {
            ((INetTcpClientChannel)created).Abort();
            throw new GraphCallException(
                e is SocketException { SocketErrorCode: SocketError.ConnectionRefused }
                    || e.InnerException is SocketException { SocketErrorCode: SocketError.ConnectionRefused }
                    ? ErrorKind.Refused
                    : e is TimeoutException ? ErrorKind.Timeout : ErrorKind.Protocol,
                $"wcf open {e.GetType().Name}", $"Could not open a channel to {_factory.Address}: {e.Message}", e);
        }
        _opened.Enqueue((INetTcpClientChannel)created);
        return created;
    }

    private static ErrorKind KindOf(FaultCode code) => code.SubCode?.Name switch
    {
        "NotFound" => ErrorKind.NotFound,
        "InvalidArgument" => ErrorKind.InvalidArgument,
        "WritesDisabled" => ErrorKind.WritesDisabled,
        _ when code.IsReceiverFault => ErrorKind.Server,
        _ => ErrorKind.Protocol,
    };

    public async ValueTask DisposeAsync()
    {
        while (_idle.TryTake(out var channel))
        {
            var control = (INetTcpClientChannel)channel;
            if (control.State == CommunicationState.Opened)
            {
                try
                {
                    await control.CloseAsync().WaitAsync(TimeSpan.FromSeconds(5));
                }
                catch (Exception e) when (e is CommunicationException or TimeoutException or IOException)
                {
                    control.Abort();
                }
            }
            else
            {
                control.Abort();
            }
        }
    }
}
