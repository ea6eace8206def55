using System.Net.Security;
using System.Security.Cryptography.X509Certificates;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// How every HTTP client of a run trusts its hosts with --security tls: the run's certificate itself (pinned, whatever
/// name the client dialled: a relay changes it), or, for a user's CA given with --certificate, a certificate that chains
/// to that CA alone and names the host. The machine's trust store plays no part and is never changed.
/// </summary>
public static class ClientTls
{
    /// <summary>The handler, trusting <paramref name="trusted"/> only when it is not null (security off: unchanged).</summary>
    public static SocketsHttpHandler Trusting(this SocketsHttpHandler handler, X509Certificate2? trusted)
    {
        if (trusted is not null)
        {
            handler.SslOptions = new SslClientAuthenticationOptions
            {
                RemoteCertificateValidationCallback = (_, presented, chain, errors) => Accepts(presented, chain, errors, trusted),
            };
        }
        return handler;
    }

    public static bool Accepts(X509Certificate? presented, X509Chain? presentedChain, SslPolicyErrors errors, X509Certificate2 trusted)
    {
        if (RunCertificates.IsRunCertificate(presented, trusted))
        {
            return true;
        }
        if (presented is null || (errors & (SslPolicyErrors.RemoteCertificateNotAvailable | SslPolicyErrors.RemoteCertificateNameMismatch)) != 0)
        {
            return false;
        }
        using var chain = new X509Chain();
        chain.ChainPolicy.TrustMode = X509ChainTrustMode.CustomRootTrust;
        chain.ChainPolicy.CustomTrustStore.Add(trusted);
        // A certificate made for a test or a run has no revocation list to ask.
        chain.ChainPolicy.RevocationMode = X509RevocationMode.NoCheck;
        if (presentedChain is not null)
        {
            foreach (var element in presentedChain.ChainElements)
            {
                chain.ChainPolicy.ExtraStore.Add(element.Certificate);
            }
        }
        using var leaf = new X509Certificate2(presented);
        return chain.Build(leaf);
    }

    /// <summary>"; TLS, trusting the run's certificate only" for a client's description, nothing with security off.</summary>
    public static string Describe(ClientOptions options) =>
        options.TrustedCertificate is null ? "" : "; TLS (SslStream), trusting the run's certificate only";
}
