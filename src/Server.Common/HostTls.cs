using System.Security.Authentication;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.AspNetCore.Server.Kestrel.Https;
using RpcCompare.Stacks;

namespace RpcCompare.Server.Common;

/// <summary>
/// TLS on a host's HTTP endpoints (--certificate): Kestrel's own HTTPS, server certificate only, the protocol versions
/// the operating system offers (TLS 1.2 and 1.3 on current Linux), HTTP/2 by ALPN where the endpoint speaks it.
/// </summary>
internal static class HostTls
{
    /// <summary>The scheme an endpoint of this scheme has once TLS is on (NetTcp's security is its framing's upgrade, not this).</summary>
    public static string Scheme(string scheme, HostSettings settings) =>
        settings.IsSecure && scheme == Uri.UriSchemeHttp ? Uri.UriSchemeHttps : scheme;

    public static void Apply(ListenOptions options, HostSettings settings) => options.UseHttps(new HttpsConnectionAdapterOptions
    {
        ServerCertificate = settings.Certificate,
        ClientCertificateMode = ClientCertificateMode.NoCertificate,
        // None lets the OS choose (TLS 1.2 and 1.3), as a deployment that does not pin versions gets.
        SslProtocols = SslProtocols.None,
    });

    /// <summary>"TLS (CN=..., ECDSA P-256; TLS 1.2 and 1.3 as the OS offers; ALPN grpc: h2)" for the security line.</summary>
    public static string Describe(HostSettings settings, IEnumerable<(string Name, HttpProtocols Protocols)> endpoints)
    {
        var alpn = endpoints.Select(e => $"{e.Name}: {Alpn(e.Protocols)}");
        return $"TLS ({CertificateText.Describe(settings.Certificate!)}; TLS 1.2 and 1.3 as the OS offers, server certificate only; " +
            $"ALPN {string.Join(", ", alpn)})";
    }

    private static string Alpn(HttpProtocols protocols) => protocols switch
    {
        HttpProtocols.Http1 => "http/1.1",
        HttpProtocols.Http2 => "h2",
        _ => "h2, http/1.1",
    };
}
