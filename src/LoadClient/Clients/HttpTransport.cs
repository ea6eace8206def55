using System.Net;
using System.Net.Sockets;
using System.Text.Json;

namespace RpcCompare.LoadClient.Clients;

/// <summary>What the two HTTP clients (REST and GraphQL) share: the connection settings, the health probe, the error kinds.</summary>
internal static class HttpTransport
{
    /// <summary>One HttpClient per target: keep-alive connections kept for the whole run (or one per call), counted on the wire.</summary>
    public static HttpClient Create(Uri baseAddress, ClientOptions options, WireCounter wire, bool http2 = false) =>
        new(Connections(() => Handler(wire).Trusting(options.TrustedCertificate), options.NewConnectionPerCall))
        {
            BaseAddress = baseAddress,
            Timeout = options.RequestTimeout,
            DefaultRequestVersion = http2 ? HttpVersion.Version20 : HttpVersion.Version11,
            // HttpClient never upgrades a cleartext connection to HTTP/2: ask for it exactly (prior knowledge; over TLS, ALPN).
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };

    /// <summary>The HTTP clients' handler (the SOAP client's too): keep-alive connections kept for the whole run, counted on the wire.</summary>
    public static SocketsHttpHandler Handler(WireCounter wire) => wire.Count(new SocketsHttpHandler
    {
        PooledConnectionIdleTimeout = Timeout.InfiniteTimeSpan,
        PooledConnectionLifetime = Timeout.InfiniteTimeSpan,
        EnableMultipleHttp2Connections = true,
        AutomaticDecompression = DecompressionMethods.None,
        ConnectTimeout = TimeSpan.FromSeconds(10),
    });

    /// <summary>The handler <paramref name="create"/> makes, kept for the run; or with <paramref name="newConnectionPerCall"/>
    /// a new one per request, closed after it (<see cref="PerCallConnectionHandler"/>).</summary>
    public static HttpMessageHandler Connections(Func<HttpMessageHandler> create, bool newConnectionPerCall) =>
        newConnectionPerCall ? new PerCallConnectionHandler(create) : create();

    /// <summary>How a client's handler holds its connections, for its description.</summary>
    public static string Pooling(bool newConnectionPerCall) =>
        newConnectionPerCall ? "a new connection per call (--connection-mode new-per-call)" : "connections kept for the run";

    /// <summary>GET /healthz answers 200 "SERVING" once the host's database answers.</summary>
    public static async Task<bool> CheckHealthAsync(HttpClient http, CancellationToken cancellationToken)
    {
        try
        {
            using var response = await http.GetAsync("/healthz", cancellationToken);
            return response.StatusCode == HttpStatusCode.OK;
        }
        catch (HttpRequestException)
        {
            return false;
        }
    }

    /// <summary>A transport failure as a classified call error; null for anything that is not one.</summary>
    public static GraphCallException? Classify(Exception e, CancellationToken cancellationToken) => e switch
    {
        GraphCallException => null,
        OperationCanceledException when cancellationToken.IsCancellationRequested =>
            new GraphCallException(ErrorKind.Cancelled, "cancelled", "The call was cancelled.", e),
        OperationCanceledException or TimeoutException =>
            new GraphCallException(ErrorKind.Timeout, "timeout", "The call timed out.", e),
        HttpRequestException { InnerException: SocketException { SocketErrorCode: SocketError.ConnectionRefused } } =>
            new GraphCallException(ErrorKind.Refused, "refused", $"Connection refused: {e.Message}", e),
        HttpRequestException or IOException or JsonException =>
            new GraphCallException(ErrorKind.Protocol, "http", e.Message, e),
        _ => null,
    };
}
