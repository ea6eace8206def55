using RpcCompare.Server.Common;
using RpcCompare.Server.Rest;
using RpcCompare.Stacks;

return StackHost.Run(args, StackCatalog.Rest,
    add: builder => builder.AddRestHost(), map: app => app.MapRestHost(), RestHost.Options);
