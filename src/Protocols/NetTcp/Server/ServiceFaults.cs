using RpcCompare.Stacks;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>The SOAP faults a WCF service dispatcher sends, with WCF's codes, reasons and actions.</summary>
internal static class ServiceFaults
{
    public const string DispatcherNamespace = "http://schemas.microsoft.com/net/2005/12/windowscommunicationfoundation/dispatcher";
    public const string AddressingNamespace = "http://www.w3.org/2005/08/addressing";

    public const string InternalErrorReason =
        "The server was unable to process the request due to an internal error.  For more information about the error, " +
        "either turn on IncludeExceptionDetailInFaults (either from ServiceBehaviorAttribute or from the <serviceDebug> configuration behavior) " +
        "on the server in order to send the exception information back to the client, or turn on tracing as per the Microsoft .NET Framework SDK " +
        "documentation and inspect the server trace logs.";

    public static MessageFault FromFaultException(FaultException fault) =>
        fault.DetailToSend is { } detail
            ? new MessageFault(fault.Code, fault.Reason, FaultActions.Soap, detail.Detail, detail.Type)
            : new MessageFault(fault.Code, fault.Reason, FaultActions.Soap);

    /// <summary>An unhandled service exception: no exception text unless the service opted in.</summary>
    public static MessageFault InternalError(Exception exception, bool includeExceptionDetail)
    {
        var code = FaultCode.CreateReceiverFaultCode(new FaultCode("InternalServiceFault", DispatcherNamespace));
        return includeExceptionDetail
            ? new MessageFault(code, exception.Message, FaultActions.Dispatcher, new ExceptionDetail(exception), typeof(ExceptionDetail))
            : new MessageFault(code, InternalErrorReason, FaultActions.Dispatcher);
    }

    public static MessageFault DeserializationFailed(OperationDescription operation, Exception exception) =>
        new(FaultCode.CreateSenderFaultCode(new FaultCode("DeserializationFailed", DispatcherNamespace)),
            $"The formatter threw an exception while trying to deserialize the message for operation '{operation.Name}': {WireText.Escape(exception.Message)}",
            FaultActions.Dispatcher);

    /// <summary>
    /// The envelope's headers could not be read after its MessageID was (a reader quota such as MaxDepth, or malformed
    /// binary XML): the reader's message, which names the quota and its value, goes back as the reason.
    /// </summary>
    public static MessageFault UnreadableMessage(Exception exception) =>
        new(FaultCode.CreateSenderFaultCode(new FaultCode("InvalidMessage", DispatcherNamespace)),
            $"The message could not be read: {WireText.Escape(exception.Message)}",
            FaultActions.Dispatcher);

    public static MessageFault ActionNotSupported(string? action) =>
        new(FaultCode.CreateSenderFaultCode(new FaultCode("ActionNotSupported", AddressingNamespace)),
            $"The message with Action '{WireText.Escape(action)}' cannot be processed at the receiver, due to a ContractFilter mismatch at the EndpointDispatcher. " +
            "This may be because of either a contract mismatch (mismatched Actions between sender and receiver) or a binding/security mismatch " +
            "between the sender and the receiver.  Check that sender and receiver have the same contract and the same binding (including security requirements, e.g. Message, Transport, None).",
            FaultActions.Addressing);

    public static MessageFault DestinationUnreachable(string? to) =>
        new(FaultCode.CreateSenderFaultCode(new FaultCode("DestinationUnreachable", AddressingNamespace)),
            $"The message with To '{WireText.Escape(to)}' cannot be processed at the receiver, due to an AddressFilter mismatch at the EndpointDispatcher.  " +
            "Check that the sender and receiver's EndpointAddresses agree.",
            FaultActions.Addressing);

    public static MessageFault MustUnderstand(string name, string ns) =>
        new(new FaultCode("MustUnderstand", FaultCode.Soap12Namespace),
            $"The header '{WireText.Escape(name)}' from the namespace '{WireText.Escape(ns)}' was not understood by the recipient of this message, causing the message to not be processed.",
            FaultActions.Soap);
}
