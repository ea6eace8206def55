using System.Net;
using System.Net.Sockets;
using System.ServiceModel;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// What a SOAP fault from an <see cref="Contracts.Wcf.IGraphService"/> host means, for both of Microsoft's bindings:
/// NetTcp's SOAP 1.2 carries the cause as a subcode of Sender or Receiver, BasicHttpBinding's SOAP 1.1 (no subcodes)
/// as the fault code itself, in the service's namespace; either way the innermost code names it.
/// </summary>
internal static class WcfFaults
{
    public static GraphCallException Classify(FaultException fault) =>
        new(KindOf(fault.Code), NativeCode(fault.Code), fault.Message, fault);

    /// <summary>
    /// A failure that is no SOAP fault (the channel is unusable after it): a timeout, a cancelled call, a refused
    /// connection, a quota, or for HTTP a 413 (the host's request body limit); anything else is a protocol error.
    /// </summary>
    public static GraphCallException Classify(Exception e, CancellationToken cancellationToken) => new(e switch
    {
        TimeoutException => ErrorKind.Timeout,
        OperationCanceledException when cancellationToken.IsCancellationRequested => ErrorKind.Cancelled,
        OperationCanceledException => ErrorKind.Timeout,
        EndpointNotFoundException when IsRefused(e) => ErrorKind.Refused,
        QuotaExceededException or CommunicationException { InnerException: QuotaExceededException } => ErrorKind.OverLimit,
        _ when HttpStatus(e) == HttpStatusCode.RequestEntityTooLarge => ErrorKind.OverLimit,
        _ => ErrorKind.Protocol,
    }, $"wcf {e.GetType().Name}", e.Message, e);

    public static bool IsRefused(Exception? e)
    {
        for (; e is not null; e = e.InnerException)
        {
            if (e is SocketException { SocketErrorCode: SocketError.ConnectionRefused })
            {
                return true;
            }
        }
        return false;
    }

    /// <summary>The HTTP status of an unexpected HTTP answer, where the client kept it (its HttpRequestException).</summary>
    private static HttpStatusCode? HttpStatus(Exception? e)
    {
        for (; e is not null; e = e.InnerException)
        {
            if (e is HttpRequestException { StatusCode: { } status })
            {
                return status;
            }
        }
        return null;
    }

    /// <summary>"fault Sender/NotFound" for a subcoded fault, "fault NotFound" for a SOAP 1.1 one.</summary>
    private static string NativeCode(FaultCode code) =>
        code.SubCode is { } subCode ? $"fault {code.Name}/{subCode.Name}" : $"fault {code.Name}";

    private static ErrorKind KindOf(FaultCode code) => (code.SubCode ?? code).Name switch
    {
        "NotFound" => ErrorKind.NotFound,
        "InvalidArgument" => ErrorKind.InvalidArgument,
        "WritesDisabled" => ErrorKind.WritesDisabled,
        var name when ErrorKinds.FromCause(name) is { } cause => cause,
        "Server" or "Receiver" => ErrorKind.Server,
        _ when code.IsReceiverFault => ErrorKind.Server,
        _ => ErrorKind.Protocol,
    };
}
