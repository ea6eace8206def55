using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>A SOAP 1.2 fault to send: code chain, reason, the WS-Addressing action of the fault message and an optional detail.</summary>
internal sealed record MessageFault(FaultCode Code, string Reason, XmlDictionaryString Action, object? Detail = null, Type? DetailType = null);
