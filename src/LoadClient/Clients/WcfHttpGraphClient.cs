using System.ServiceModel;
using System.ServiceModel.Channels;
using System.ServiceModel.Description;
using System.ServiceModel.Dispatcher;
using RpcCompare.Contracts.Wcf;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// SOAP 1.1 over HTTP through Microsoft's client (System.ServiceModel.Http): a ChannelFactory over
/// BasicHttpBinding(SecurityMode.None) and one channel for every caller, since a BasicHttp channel has no session and
/// carries concurrent calls, each its own HTTP/1.1 request on a pooled keep-alive connection. Its HttpClient's handler is
/// the other HTTP clients' (<see cref="HttpTransport.Handler"/>), so the wire is counted the same way.
/// </summary>
public sealed class WcfHttpGraphClient : ServiceContractGraphClient
{
    /// <summary>
    /// Responses may be far larger than requests (a hub's links as SOAP text are tens of MB on the larger datasets): the
    /// receive limit is the NetTcp client's, while the reader quotas are the hosts' (<see cref="WcfLimits"/>), which fit
    /// every response too (six levels deep, no string over a ping's payload).
    /// </summary>
    public const int MaxReceivedMessageSize = 1 << 30;

    private readonly WireCounter _wire = new();
    private readonly ChannelFactory<IGraphService> _factory;
    private readonly Lock _lock = new();
    private readonly bool _secure;
    private readonly bool _newConnectionPerCall;
    private IGraphService? _channel;

    public WcfHttpGraphClient(Uri address, ClientOptions options)
    {
        var trusted = options.TrustedCertificate;
        if ((trusted is not null) != (address.Scheme == Uri.UriSchemeHttps))
        {
            throw new ArgumentException(trusted is null
                ? $"The wcf-http address {address} is https, but the client was given no certificate to trust (security is off)."
                : $"The wcf-http client was given a certificate to trust (security on), but its address {address} is not https.",
                nameof(address));
        }
        _secure = trusted is not null;
        _newConnectionPerCall = options.NewConnectionPerCall;
        var binding = new BasicHttpBinding(_secure ? BasicHttpSecurityMode.Transport : BasicHttpSecurityMode.None)
        {
            MaxReceivedMessageSize = MaxReceivedMessageSize,
            MaxBufferSize = MaxReceivedMessageSize,
            ReaderQuotas = WcfLimits.ReaderQuotas(),
            SendTimeout = options.RequestTimeout,
            ReceiveTimeout = options.RequestTimeout,
            OpenTimeout = TimeSpan.FromSeconds(15),
            CloseTimeout = TimeSpan.FromSeconds(5),
        };
        binding.Security.Transport.ClientCredentialType = HttpClientCredentialType.None;
        _factory = new ChannelFactory<IGraphService>(binding, WcfTransportSecurity.Address(address, trusted));
        var validator = trusted is null ? null : new RunCertificateValidator(trusted);
        if (validator is not null)
        {
            WcfTransportSecurity.TrustOnly(_factory, validator);
        }
        _factory.Endpoint.EndpointBehaviors.Add(new CountedHandler(_wire, validator, options.NewConnectionPerCall));
        _factory.Endpoint.EndpointBehaviors.Add(new WcfDecodeTiming());
    }

    public static string Library => $"System.ServiceModel.Http {LibraryVersion.Of(typeof(BasicHttpBinding))}";

    public override string Stack => StackCatalog.WcfHttp;

    public override string Description =>
        $"{Library}: ChannelFactory<IGraphService> over BasicHttpBinding({(_secure ? "BasicHttpSecurityMode.Transport: HTTPS trusting only the run's certificate" : "SecurityMode.None")}), SOAP 1.1 text, one channel for " +
        $"every caller on HTTP/1.1 {(_newConnectionPerCall ? "connections, " + HttpTransport.Pooling(true) : "keep-alive connections")}, " +
        "MaxReceivedMessageSize 1 GiB, reader quotas the hosts'";

    public override (long Sent, long Received) WireBytes => (_wire.BytesSent, _wire.BytesReceived);

    protected override async Task<T> CallAsync<T>(Func<IGraphService, Task<T>> operation, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        var channel = Channel();
        try
        {
            return await operation(channel).WaitAsync(cancellationToken);
        }
        catch (FaultException e)
        {
            throw WcfFaults.Classify(e);
        }
        catch (Exception e) when (e is CommunicationException or TimeoutException or OperationCanceledException or IOException)
        {
            // A channel that faulted is replaced; one that merely saw a failed request stays in use.
            if (((ICommunicationObject)channel).State == CommunicationState.Faulted)
            {
                Replace(channel);
            }
            throw WcfFaults.Classify(e, cancellationToken);
        }
    }

    /// <summary>The shared channel, created on first use (it opens itself with its first call).</summary>
    private IGraphService Channel()
    {
        lock (_lock)
        {
            return _channel ??= _factory.CreateChannel();
        }
    }

    private void Replace(IGraphService faulted)
    {
        lock (_lock)
        {
            if (ReferenceEquals(_channel, faulted))
            {
                _channel = null;
            }
        }
        ((ICommunicationObject)faulted).Abort();
    }

    public override async ValueTask DisposeAsync()
    {
        if (_channel is ICommunicationObject channel)
        {
            channel.Abort();
        }
        try
        {
            await Task.Factory.FromAsync(_factory.BeginClose, _factory.EndClose, null).WaitAsync(TimeSpan.FromSeconds(5));
        }
        catch (Exception e) when (e is CommunicationException or TimeoutException)
        {
            _factory.Abort();
        }
    }

    /// <summary>
    /// Puts the HTTP clients' counted handler under the binding's HttpClient (behind the hook that marks the response
    /// headers' arrival, the start of the receive time), through the hook System.ServiceModel.Http
    /// offers for it (a handler factory among the binding parameters). The handler it built is left unused: it carries no
    /// client credentials here, and its server certificate check (the factory's <see cref="RunCertificateValidator"/>)
    /// is put on the counted one. The counter sits under the handler's SslStream, so over HTTPS it counts TLS records.
    /// </summary>
    private sealed class CountedHandler(WireCounter wire, RunCertificateValidator? validator, bool newConnectionPerCall) : IEndpointBehavior
    {
        public void AddBindingParameters(ServiceEndpoint endpoint, BindingParameterCollection bindingParameters) =>
            bindingParameters.Add(new Func<HttpClientHandler, HttpMessageHandler>(unused =>
            {
                unused.Dispose();
                return new AnswerHeadersTiming(HttpTransport.Connections(() =>
                {
                    var handler = HttpTransport.Handler(wire);
                    if (validator is not null)
                    {
                        handler.SslOptions.RemoteCertificateValidationCallback = (_, certificate, _, _) => validator.Accepts(certificate);
                    }
                    return handler;
                }, newConnectionPerCall));
            }));

        public void ApplyClientBehavior(ServiceEndpoint endpoint, ClientRuntime clientRuntime)
        {
        }

        public void ApplyDispatchBehavior(ServiceEndpoint endpoint, EndpointDispatcher endpointDispatcher)
        {
        }

        public void Validate(ServiceEndpoint endpoint)
        {
        }
    }
}
