using RpcCompare.Server.Common;
using RpcCompare.Server.WcfHttp;
using RpcCompare.Stacks;

return StackHost.Run(args, StackCatalog.WcfHttp,
    add: builder => builder.AddWcfHttpHost(), map: app => app.MapWcfHttpHost());
