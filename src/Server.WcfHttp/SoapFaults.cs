using System.Net;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using RpcCompare.Stacks;
using SoapCore;
using SoapCore.Extensibility;
using NetTcpFault = RpcCompare.Protocols.NetTcp.FaultException;

namespace RpcCompare.Server.WcfHttp;

/// <summary>
/// Every failure as a SOAP 1.1 fault that says what the caller can act on and nothing of the host's internals (SoapCore's
/// default writes any exception's message). SOAP 1.1 has no subcodes, so a refusal or a database cause goes out as WCF
/// sends a subcoded fault over BasicHttpBinding: the innermost code itself, in the service's namespace (NotFound, db-pool).
/// A request the host could not read (bad XML, a DOCTYPE, a reader quota) is a Client fault with the reader's sentence
/// and 400; a body over Kestrel's limit, 413.
/// </summary>
internal sealed class SoapFaults(ILogger<SoapFaults> logger) : IFaultExceptionTransformer
{
    // SOAP 1.1 without WS-Addressing carries no Action header (one marked mustUnderstand makes Microsoft's client refuse the fault).
    private const string? FaultAction = null;
    private const string InternalError = "The server was unable to process the request due to an internal error.";

    public Message ProvideFault(Exception exception, MessageVersion messageVersion, Message requestMessage,
        ConcurrentXmlNamespaceLookup xmlNamespaceManager)
    {
        var (code, reason, status) = Describe(exception);
        if (status == HttpStatusCode.InternalServerError && exception is not NetTcpFault)
        {
            logger.LogError(exception, "A SOAP call failed");
        }
        var fault = Message.CreateMessage(messageVersion, FaultAction, new Soap11Fault(code.Name, code.Namespace, reason));
        fault.Properties[HttpResponseMessageProperty.Name] = new HttpResponseMessageProperty { StatusCode = status };
        return fault;
    }

    /// <summary>Answers a request refused before SoapCore read it (<see cref="EnvelopeGuard"/>) with its fault.</summary>
    public static async Task WriteAsync(HttpContext context, Exception exception)
    {
        var (code, reason, status) = Describe(exception);
        var fault = Message.CreateMessage(MessageVersion.Soap11, FaultAction, new Soap11Fault(code.Name, code.Namespace, reason));
        using var buffer = new MemoryStream();
        using (var writer = XmlDictionaryWriter.CreateTextWriter(buffer, System.Text.Encoding.UTF8, ownsStream: false))
        {
            fault.WriteMessage(writer);
        }
        context.Response.StatusCode = (int)status;
        context.Response.ContentType = "text/xml; charset=utf-8";
        await context.Response.Body.WriteAsync(buffer.GetBuffer().AsMemory(0, (int)buffer.Length), context.RequestAborted);
    }

    private static ((string Name, string Namespace) Code, string Reason, HttpStatusCode Status) Describe(Exception exception) =>
        exception switch
        {
            NetTcpFault refusal when (refusal.Code.SubCode ?? refusal.Code) is var named =>
                ((named.Name, named.Namespace), refusal.Reason, HttpStatusCode.InternalServerError),
            BadHttpRequestException { StatusCode: StatusCodes.Status413PayloadTooLarge } =>
                (ClientCode, $"The request body is larger than {WcfHttpHost.MaxRequestBodyBytes:N0} bytes.", HttpStatusCode.RequestEntityTooLarge),
            _ when Unreadable(exception) is { } reader =>
                (ClientCode, $"The message could not be read: {WireText.Escape(reader.Message)}", HttpStatusCode.BadRequest),
            _ => (ServerCode, InternalError, HttpStatusCode.InternalServerError),
        };

    private static (string Name, string Namespace) ClientCode => ("Client", Soap11Namespace);

    private static (string Name, string Namespace) ServerCode => ("Server", Soap11Namespace);

    private const string Soap11Namespace = "http://schemas.xmlsoap.org/soap/envelope/";

    /// <summary>The XML reader's or the serializer's own error, wherever SoapCore wrapped it.</summary>
    private static Exception? Unreadable(Exception? exception)
    {
        for (; exception is not null; exception = exception.InnerException)
        {
            if (exception is XmlException or SerializationException or QuotaExceededException)
            {
                return exception;
            }
        }
        return null;
    }

    /// <summary>A SOAP 1.1 Fault element: the code as a qualified name, the reason, no detail.</summary>
    private sealed class Soap11Fault(string code, string codeNamespace, string reason) : BodyWriter(isBuffered: true)
    {
        protected override void OnWriteBodyContents(XmlDictionaryWriter writer)
        {
            writer.WriteStartElement("s", "Fault", Soap11Namespace);
            writer.WriteStartElement("faultcode", "");
            writer.WriteXmlnsAttribute("c", codeNamespace);
            writer.WriteString("c:" + code);
            writer.WriteEndElement();
            writer.WriteElementString("faultstring", "", reason);
            writer.WriteEndElement();
        }
    }
}
