using System.IdentityModel.Selectors;
using System.IdentityModel.Tokens;
using System.Security.Cryptography.X509Certificates;
using System.ServiceModel;
using System.ServiceModel.Security;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// Transport security for Microsoft's two WCF bindings with the run's certificate: the server certificate is trusted when it
/// is exactly that certificate (its own root, pinned), whatever the machine's trust store says, and the endpoint's DNS
/// identity is the name the certificate holds, which WCF checks after the handshake.
/// </summary>
public static class WcfTransportSecurity
{
    /// <summary>The endpoint address; with a trusted certificate, its DNS identity is the certificate's DNS name ("localhost").</summary>
    public static EndpointAddress Address(Uri address, X509Certificate2? trusted) => trusted is null
        ? new EndpointAddress(address)
        : new EndpointAddress(address, new DnsEndpointIdentity(trusted.GetNameInfo(X509NameType.DnsName, forIssuer: false)));

    /// <summary>Makes the factory's channels accept exactly <paramref name="validator"/>'s certificate.</summary>
    public static void TrustOnly(ChannelFactory factory, RunCertificateValidator validator) =>
        factory.Credentials.ServiceCertificate.SslCertificateAuthentication = new X509ServiceCertificateAuthentication
        {
            CertificateValidationMode = X509CertificateValidationMode.Custom,
            CustomCertificateValidator = validator,
            RevocationMode = X509RevocationMode.NoCheck,
        };
}

/// <summary>Accepts the run's certificate and nothing else (<see cref="RunCertificates.IsRunCertificate"/>).</summary>
public sealed class RunCertificateValidator(X509Certificate2 trusted) : X509CertificateValidator
{
    public bool Accepts(X509Certificate? presented) => RunCertificates.IsRunCertificate(presented, trusted);

    public override void Validate(X509Certificate2 certificate)
    {
        if (!Accepts(certificate))
        {
            throw new SecurityTokenValidationException(
                $"The host presented the certificate '{certificate?.Subject}', which is not this run's certificate ({trusted.Thumbprint}).");
        }
    }
}
