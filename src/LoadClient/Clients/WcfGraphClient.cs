using System.Collections.Concurrent;
using System.Security.Authentication;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using RpcCompare.Stacks;
using RpcCompare.Contracts.Wcf;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// WCF over NetTcp through Microsoft's client (System.ServiceModel.NetTcp): one ChannelFactory and a pool of open
/// channels, one per concurrent caller, since a NetTcp session carries one call at a time (the studied team's 10
/// threads meant 10 channels). A channel that faults is aborted and replaced; one that received a SOAP fault stays
/// usable, as WCF's guidance says.
/// </summary>
public sealed class WcfGraphClient : ServiceContractGraphClient
{
    /// <summary>
    /// The client sets its sockets' send and receive buffers to this. WCF's default of 8 KiB stalls a response on Linux
    /// by about 200 ms per 16 KB (a 1,000-link GetLinks took ~1 s instead of ~2.4 ms), so it is set deliberately.
    /// </summary>
    public const int ConnectionBufferSize = 256 * 1024;

    private readonly WireCounter _wire = new();
    private readonly ChannelFactory<IGraphService> _factory;
    private readonly ConcurrentBag<IGraphService> _idle = [];
    private readonly (long Sent, long Received) _sessionFraming;
    private readonly bool _secure;
    private readonly bool _newConnectionPerCall;
    private long _sessions;

    public WcfGraphClient(Uri address, ClientOptions options)
    {
        _secure = options.TrustedCertificate is not null;
        _newConnectionPerCall = options.NewConnectionPerCall;
        _factory = new ChannelFactory<IGraphService>(Binding(options, _wire), WcfTransportSecurity.Address(address, options.TrustedCertificate));
        if (options.TrustedCertificate is { } trusted)
        {
            WcfTransportSecurity.TrustOnly(_factory, new RunCertificateValidator(trusted));
        }
        _factory.Endpoint.EndpointBehaviors.Add(new WcfDecodeTiming());
        _sessionFraming = WcfWireCounting.SessionFraming(address, _secure);
    }

    public static string Library => $"System.ServiceModel.NetTcp {LibraryVersion.Of(typeof(NetTcpBinding))}";

    public override string Stack => Stacks.StackCatalog.Wcf;

    public override string Description =>
        $"{Library}: ChannelFactory<IGraphService> over NetTcpBinding({(_secure ? SecureMode : "SecurityMode.None")}), " +
        (_newConnectionPerCall ? NewChannelPerCall : "one open channel per concurrent caller") + $", connection buffer {ConnectionBufferSize / 1024} KiB, MaxReceivedMessageSize 1 GiB, reader quotas Max";

    private const string NewChannelPerCall =
        "a new channel per call, opened before it and closed after it on a TCP connection of its own (MaxOutboundConnectionsPerEndpoint 0, " +
        "so WCF's connection pool keeps none; --connection-mode new-per-call)";

    private const string SecureMode =
        "SecurityMode.Transport, TcpClientCredentialType.None, TLS 1.2 or 1.3, trusting only the run's certificate; " +
        "bytes counted with TLS 1.3 records, not the handshake";

    public override (long Sent, long Received) WireBytes
    {
        get
        {
            var sessions = Interlocked.Read(ref _sessions);
            return (_wire.BytesSent + sessions * _sessionFraming.Sent, _wire.BytesReceived + sessions * _sessionFraming.Received);
        }
    }

    /// <summary>
    /// NetTcpBinding(SecurityMode.None), or with a trusted certificate SecurityMode.Transport with the server certificate
    /// only, with the receive quota raised (a hub's 250,000 links are several MB and the receiver's quota is the one that
    /// counts), the connection buffer raised, and the encoder counting bytes. WCF's own TLS default is 1.0 to 1.2; 1.3 is
    /// allowed too so that NetTcp negotiates what the HTTP stacks' clients negotiate.
    /// </summary>
    private static CustomBinding Binding(ClientOptions options, WireCounter wire)
    {
        var netTcp = new NetTcpBinding(options.TrustedCertificate is null ? SecurityMode.None : SecurityMode.Transport)
        {
            MaxReceivedMessageSize = 1L << 30,
            MaxBufferSize = 1 << 30,
            ReaderQuotas = XmlDictionaryReaderQuotas.Max,
            SendTimeout = options.RequestTimeout,
            ReceiveTimeout = options.RequestTimeout,
            OpenTimeout = TimeSpan.FromSeconds(15),
            CloseTimeout = TimeSpan.FromSeconds(5),
        };
        netTcp.Security.Transport.ClientCredentialType = TcpClientCredentialType.None;
        netTcp.Security.Transport.SslProtocols = SslProtocols.Tls12 | SslProtocols.Tls13;
        var binding = WcfBindings.Tuned(netTcp, ConnectionBufferSize, wire);
        if (options.NewConnectionPerCall)
        {
            // A closed channel's connection would otherwise go back to WCF's pool, shared by every factory of the process,
            // and the next channel would skip the TCP connect and the handshake that a client without pooling pays.
            binding.Elements.Find<TcpTransportBindingElement>().ConnectionPoolSettings.MaxOutboundConnectionsPerEndpoint = 0;
        }
        return binding;
    }

    protected override async Task<T> CallAsync<T>(Func<IGraphService, Task<T>> operation, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        var channel = await RentAsync(cancellationToken);
        try
        {
            var result = await operation(channel).WaitAsync(cancellationToken);
            await ReturnAsync(channel);
            return result;
        }
        catch (FaultException e)
        {
            // A refusal (Sender fault) leaves the session usable; an internal error (Receiver fault) ends it on the host.
            if (e.Code.IsReceiverFault)
            {
                ((ICommunicationObject)channel).Abort();
            }
            else
            {
                await ReturnAsync(channel);
            }
            throw WcfFaults.Classify(e);
        }
        catch (Exception e) when (e is CommunicationException or TimeoutException or OperationCanceledException or IOException)
        {
            // Anything but a SOAP fault leaves a WCF channel faulted: throw it away, the next call opens a new one.
            ((ICommunicationObject)channel).Abort();
            throw WcfFaults.Classify(e, cancellationToken);
        }
    }

    /// <summary>An open channel kept for the next caller, or with a new connection per call closed, which ends its session
    /// and its TCP connection.</summary>
    private async Task ReturnAsync(IGraphService channel)
    {
        if (_newConnectionPerCall)
        {
            await CloseAsync((ICommunicationObject)channel);
        }
        else
        {
            _idle.Add(channel);
        }
    }

    private async Task<IGraphService> RentAsync(CancellationToken cancellationToken)
    {
        while (_idle.TryTake(out var idle))
        {
            if (((ICommunicationObject)idle).State == CommunicationState.Opened)
            {
                return idle;
            }
            ((ICommunicationObject)idle).Abort();
        }
        var created = _factory.CreateChannel();
        var control = (ICommunicationObject)created;
        try
        {
            await Task.Factory.FromAsync(control.BeginOpen, control.EndOpen, null).WaitAsync(cancellationToken);
        }
        catch (Exception e) when (e is CommunicationException or TimeoutException or OperationCanceledException)
        {
            control.Abort();
            throw new GraphCallException(
                WcfFaults.IsRefused(e) ? ErrorKind.Refused
                    : e is OperationCanceledException ? ErrorKind.Cancelled
                    : e is TimeoutException ? ErrorKind.Timeout : ErrorKind.Protocol,
                $"wcf open {e.GetType().Name}", $"Could not open a channel to {_factory.Endpoint.Address.Uri}: {e.Message}", e);
        }
        Interlocked.Increment(ref _sessions);
        return created;
    }

    private static async Task CloseAsync(ICommunicationObject control)
    {
        if (control.State != CommunicationState.Opened)
        {
            control.Abort();
            return;
        }
        try
        {
            await Task.Factory.FromAsync(control.BeginClose, control.EndClose, null).WaitAsync(TimeSpan.FromSeconds(5));
        }
        catch (Exception e) when (e is CommunicationException or TimeoutException)
        {
            control.Abort();
        }
    }

    public override async ValueTask DisposeAsync()
    {
        while (_idle.TryTake(out var channel))
        {
            await CloseAsync((ICommunicationObject)channel);
        }
        try
        {
            // Closed asynchronously too: a synchronous close on a socket continuation would block an inline socket engine.
            await Task.Factory.FromAsync(_factory.BeginClose, _factory.EndClose, null).WaitAsync(TimeSpan.FromSeconds(5));
        }
        catch (Exception e) when (e is CommunicationException or TimeoutException)
        {
            _factory.Abort();
        }
    }
}
