using System.ServiceModel.Channels;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using RpcCompare.Contracts.Wcf;
using RpcCompare.Server.Common;
using RpcCompare.Server.WcfSetup;
using RpcCompare.Services;
using RpcCompare.Stacks;
using SoapCore;
using SoapCore.Extensibility;

namespace RpcCompare.Server.WcfHttp;

/// <summary>
/// The WCF stack's contract and service (<see cref="FaultingGraphService"/>) as a team exposes them beside NetTcp for
/// partners and anything that is not .NET: SOAP 1.1 over HTTP/1.1, BasicHttpBinding's text encoding, served by SoapCore
/// with DataContractSerializer, since CoreWCF is not in the feed.
/// </summary>
public static class WcfHttpHost
{
    /// <summary>The NetTcp host's path: the two addresses differ in scheme and port only.</summary>
    public const string Path = "/graph";

    /// <summary>
    /// The NetTcp host's MaxReceivedMessageSize, as Kestrel's request body limit: the largest request either binding reads.
    /// A 1 MiB ping is about 1 MiB as SOAP text, so the scenarios fit with the same margin.
    /// </summary>
    public const long MaxRequestBodyBytes = WcfLimits.MaxReceivedMessageSize;

    /// <summary>
    /// SoapCore's production settings: the NetTcp host's reader quotas (given to its encoder, which SoapCore 1.2.1.18 does
    /// not apply; <see cref="EnvelopeGuard"/> applies them), no WSDL or
    /// form posts (a load run never asks for them and every open door is one more to keep shut), compact XML, and
    /// faults that name a refusal's cause and nothing of the host's internals (<see cref="SoapFaults"/>).
    /// </summary>
    public static void AddWcfHttpHost(this WebApplicationBuilder builder)
    {
        var setup = builder.AddStackHost(StackCatalog.WcfHttp);
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.Limits.MaxRequestBodySize = MaxRequestBodyBytes;
            kestrel.Listen(setup, EndpointNames.Http, setup.Settings.Port, o => o.Protocols = HttpProtocols.Http1, Path);
        });
        builder.Services.AddSingleton<GraphService>();
        builder.Services.AddSingleton<IGraphService, FaultingGraphService>();
        builder.Services.AddSingleton<IFaultExceptionTransformer, SoapFaults>();
        builder.Services.AddSoapCore();
        // SoapCore logs every fault it sends as an error, refusals too; SoapFaults logs the unexpected ones itself.
        builder.Logging.AddFilter("SoapCore", LogLevel.None);

        var configuration = setup.Configuration;
        configuration.Set("implementation", $"SoapCore {LibraryVersion.Of(typeof(SoapCoreOptions))} middleware on ASP.NET Core (Kestrel); CoreWCF is not in the feed");
        configuration.Set("protocol", setup.Settings.IsSecure
            ? "HTTPS (TLS, server certificate only), HTTP/1.1 keep-alive, POST with SOAPAction (BasicHttpBinding, BasicHttpSecurityMode.Transport)"
            : "HTTP/1.1 keep-alive, POST with SOAPAction (BasicHttpBinding, SecurityMode.None)");
        configuration.Set("encoding", "SOAP 1.1, text XML (UTF-8), DataContractSerializer");
        configuration.Set("max request body", $"{MaxRequestBodyBytes:N0} bytes (Kestrel's limit; the NetTcp host's MaxReceivedMessageSize); over it: 413");
        var quotas = WcfLimits.ReaderQuotas();
        configuration.Set("reader quotas",
            $"MaxDepth {quotas.MaxDepth}, MaxStringContentLength {quotas.MaxStringContentLength:N0} chars, MaxArrayLength {quotas.MaxArrayLength:N0}, " +
            $"MaxNameTableCharCount {quotas.MaxNameTableCharCount:N0}, MaxBytesPerRead {quotas.MaxBytesPerRead:N0} (the NetTcp host's); over a quota: a Client fault naming it, 400");
        configuration.Set("request check",
            "every request read once through XmlDictionaryReader with the reader quotas before SoapCore parses it (SoapCore 1.2.1.18 loads the envelope into an XDocument, which applies no quota and expands DTD entities)");
        configuration.Set("dtd processing", "prohibited (the dictionary text reader refuses a DOCTYPE): a Client fault, 400");
        configuration.Set("faults", "a refusal's cause as the SOAP 1.1 faultcode in the service's namespace; no exception details (IncludeExceptionDetailInFaults off)");
        configuration.Set("metadata", "none (WSDL over GET and form posts switched off)");
        configuration.Set("instance / concurrency", "single instance, concurrent calls");
        configuration.Set("max response", "unlimited");
        configuration.Set("streaming variants", "none (SOAP over HTTP carries one buffered reply per request; SoapCore has no streamed operation)");
    }

    /// <summary>The quota check (<see cref="EnvelopeGuard"/>), then SoapCore on the WCF host's path.</summary>
    public static void MapWcfHttpHost(this WebApplication app)
    {
        app.UseMiddleware<EnvelopeGuard>();
        ((IApplicationBuilder)app).UseSoapEndpoint<IGraphService>(options =>
        {
            options.Path = Path;
            options.EncoderOptions =
            [
                new SoapEncoderOptions { MessageVersion = MessageVersion.Soap11, ReaderQuotas = WcfLimits.ReaderQuotas() },
            ];
            options.SoapSerializer = SoapSerializer.DataContractSerializer;
            options.HttpGetEnabled = false;
            options.HttpsGetEnabled = false;
            options.HttpPostEnabled = false;
            options.HttpsPostEnabled = false;
            options.IndentXml = false;
        });
    }
}
